import { useState } from 'react';
import { Button, Fieldset, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { CHECKLIST_TITLE } from '../../../core/forms/checklist';
import type { ChecklistForm } from '../../../core/forms/schemas';
import { MSG } from '../../../core/messages';
import { PRIORITIES, PRIORITY_LABELS, type Priority } from '../../../core/repairs/rules';
import { ApiError } from '../../lib/api';
import { ChecklistParticulars, type Particulars } from '../../ui/ChecklistParticulars';
import { downloadChecklist, useSaveInspection } from './api';
import { FormCard } from './FormCard';
import { useFormDownload } from './useFormDownload';

const EMPTY = { campus: '', building: '', designation: '', roomOffice: '', monthYear: '' };

/** Save Inspection: the priority of the repair reports the x marks become, chosen at saving. */
function SaveDialog({
  problems,
  onClose,
  onSave,
  saving,
}: {
  problems: number;
  onClose: () => void;
  onSave: (p: Priority) => void;
  saving: boolean;
}) {
  const [priority, setPriority] = useState<Priority>('medium');
  return (
    <Modal opened onClose={onClose} title="Save Inspection" centered>
      <Stack>
        <Text size="sm">
          {problems === 0
            ? 'No particular is marked x (with problem), so no repair report will be made.'
            : `${problems} particular${problems === 1 ? ' is' : 's are'} marked x (with problem): each becomes a pending repair report for this building and room, ready to assign in Maintenance & Repairs.`}
        </Text>
        <Select
          label="Priority"
          data={PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABELS[p] }))}
          value={priority}
          allowDeselect={false}
          onChange={(v) => v && setPriority(v as Priority)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={saving} onClick={() => onSave(priority)}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The Preventive Maintenance Checklist (docs/product.md, docs/decisions/form-checks.md): basic info, 19 particulars in 6 groups, Download Form; and Save Inspection. */
export function ChecklistCard({ onSaved }: { onSaved?: (building: string, room: string) => void }) {
  const [info, setInfo] = useState(EMPTY);
  const [particulars, setParticulars] = useState<Particulars>({});
  const [saving, setSaving] = useState(false);
  const save = useSaveInspection();
  const form = (): ChecklistForm => ({ ...info, particulars });
  const { busy, download } = useFormDownload(CHECKLIST_TITLE, () => downloadChecklist(form()));
  const problems = Object.values(particulars).filter((p) => p.status === 'x').length;
  const setParticular = (key: string, change: Partial<Particulars[string]>) =>
    setParticulars((all) => ({ ...all, [key]: { ...(all[key] ?? { status: '', remarks: '' }), ...change } }));
  const field = (key: keyof typeof EMPTY, label: string, placeholder?: string) => (
    <TextInput
      label={label}
      placeholder={placeholder}
      value={info[key]}
      onChange={(e) => setInfo({ ...info, [key]: e.currentTarget.value })}
    />
  );

  const askSave = () => {
    const missing = !info.building.trim()
      ? MSG.inspectionBuildingRequired
      : !info.roomOffice.trim()
        ? MSG.inspectionRoomRequired
        : !info.monthYear.trim()
          ? MSG.inspectionMonthRequired
          : null;
    if (missing) notifications.show({ color: 'red', title: 'Error', message: missing });
    else setSaving(true);
  };
  const doSave = async (priority: Priority) => {
    try {
      const res = await save.mutateAsync({ ...form(), priority });
      notifications.show({ color: 'green', title: 'Success', message: res.message });
      setSaving(false);
      onSaved?.(res.inspection.building, res.inspection.roomOffice);
    } catch (err) {
      notifications.show({ color: 'red', title: 'Error', message: err instanceof ApiError ? err.message : MSG.serverError });
    }
  };

  return (
    <FormCard
      id="checklist"
      title={CHECKLIST_TITLE}
      about="The monthly inspection of a room or office: mark each of the 19 particulars check (without problem), x (with problem) or na (not applicable), with remarks. Download it as a PDF to sign and file, or save it as an inspection: each particular marked x becomes a pending repair report."
      downloading={busy}
      onDownload={download}
    >
      <Stack>
        <Fieldset legend="Basic Information">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {field('campus', 'Campus')}
            {field('building', 'Building')}
            {field('designation', 'Designation')}
            {field('roomOffice', 'Room/Office')}
            {field('monthYear', 'Month & Year', 'January 2024')}
          </SimpleGrid>
        </Fieldset>
        <ChecklistParticulars particulars={particulars} onChange={setParticular} remarkRows={4} />
        <Group justify="space-between" wrap="wrap">
          <Title order={3} size="h6" c="dark.6">
            {problems} marked x (with problem)
          </Title>
          <Button leftSection={<IconDeviceFloppy size={18} />} onClick={askSave}>
            Save Inspection
          </Button>
        </Group>
      </Stack>
      {saving && <SaveDialog problems={problems} saving={save.isPending} onClose={() => setSaving(false)} onSave={doSave} />}
    </FormCard>
  );
}
