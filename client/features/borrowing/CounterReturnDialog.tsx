import { useState } from 'react';
import { ActionIcon, Button, Checkbox, FileInput, Group, Text, TextInput } from '@mantine/core';
import { IconScan } from '@tabler/icons-react';
import { returnPicked } from '../../../core/borrowing/returnForms';
import type { BorrowRequestDto } from '../../../core/borrowing/schemas';
import { tidyTag } from '../../../core/inventory/units';
import { FormDialog, shownByOpener } from '../../ui/form/FormDialog';
import { useSchemaForm } from '../../ui/form/useSchemaForm';
import { prepareUpload } from '../../lib/uploads';
import { ScanDialog, type ReadSource } from '../scan/ScanDialog';
import { NOT_OUR_LABEL, scannedTag } from '../scan/targets';
import { useSiteStatus } from '../site/api';
import { pickAll, pickedCount, ReturnPicker, selectionOf, type Pick } from './ReturnPicker';

const ACCEPT = 'image/jpeg,image/png,image/gif';
const rule = returnPicked('Choose what came back.');

/**
 * Record Return (docs/decisions/partial-returns.md): the office receives things at its counter for the borrower,
 * all that is out unless unticked; a photo is optional (the office holds the things), and "verified now" checks
 * them in as good at once. Anything not good is verified afterwards with its findings (Verify Return, Mark Completed).
 * Units are ticked by scanning their labels (or typing their tags): "Untick all" first to record only what is scanned.
 */
export function CounterReturnDialog({
  request,
  busy,
  error,
  onRecord,
  onClose,
}: {
  request: BorrowRequestDto;
  busy: boolean;
  error: string | null;
  onRecord: (input: { selection: ReturnType<typeof selectionOf>; file: File | null; verify: boolean }) => Promise<unknown>;
  onClose: () => void;
}) {
  const form = useSchemaForm(
    rule,
    { pick: pickAll(request), file: null as File | null, verify: false },
    {
      show: 'first',
      toBody: ({ pick, file, verify }) => ({ picked: pickedCount(pick), selection: selectionOf(request, pick), file, verify }),
    },
  );
  const [typed, setTyped] = useState('');
  const [tagProblem, setTagProblem] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);
  const appOrigin = useSiteStatus().data?.appOrigin;
  const out = new Set(request.items.flatMap((l) => l.unitsOut));
  const setPick = (pick: Pick) => form.setFieldValue('pick', pick);
  /** Ticks a unit of this loan by its tag; why not, otherwise. */
  const tick = (raw: string): string | null => {
    const tag = tidyTag(raw);
    if (!out.has(tag)) return `${tag || 'That tag'} is not out on ${request.code}.`;
    form.setFieldValue('pick', (p) => ({ ...p, units: { ...p.units, [tag]: true } }));
    return null;
  };
  const addTyped = () => {
    const why = tick(typed);
    setTagProblem(why);
    if (!why) setTyped('');
  };
  const onScan = async (text: string, source: ReadSource): Promise<void | string> => {
    const tag = scannedTag(text, source, [window.location.origin, ...(appOrigin ? [appOrigin] : [])]);
    if (!tag) return NOT_OUR_LABEL;
    const why = tick(tag);
    if (why) return why;
    setScanning(false);
  };
  const record = async ({ selection, file, verify }: { selection: ReturnType<typeof selectionOf>; file: File | null; verify: boolean }) =>
    onRecord({ selection, file: file ? await prepareUpload(file) : null, verify });

  return (
    <FormDialog
      form={form}
      title={`Record Return: ${request.code}`}
      size="lg"
      onClose={onClose}
      onSubmit={record}
      submitLabel="Record Return"
      busy={busy}
      failure={shownByOpener}
      error={error ? { message: error } : null}
      intro={<Text size="sm">What did {request.requesterName} bring to the counter? What is not ticked stays out on loan.</Text>}
    >
      <ReturnPicker request={request} pick={form.getValues().pick} onChange={setPick} question="What came back?" />
      {out.size > 0 && (
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label="Tick by tag"
            placeholder="Type or scan a tag"
            value={typed}
            onChange={(e) => {
              setTyped(e.currentTarget.value);
              setTagProblem(null);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                addTyped();
              }
            }}
            error={tagProblem ?? undefined}
            style={{ flex: 1 }}
          />
          <ActionIcon
            variant="default"
            size={36}
            onClick={() => setScanning(true)}
            aria-label="Scan a unit that came back"
            mb={tagProblem ? 22 : 0}
          >
            <IconScan size={18} aria-hidden />
          </ActionIcon>
          <Button variant="default" onClick={() => setPick({ ...form.getValues().pick, units: {} })} mb={tagProblem ? 22 : 0}>
            Untick all
          </Button>
        </Group>
      )}
      {scanning && <ScanDialog title="Scan a unit that came back" onRead={onScan} onClose={() => setScanning(false)} />}
      <FileInput
        label="Photo (optional)"
        description="JPEG, PNG or GIF, up to 5 MB"
        accept={ACCEPT}
        clearable
        {...form.getInputProps('file')}
      />
      <Checkbox label="Checked: everything came back good (verify now)" {...form.getInputProps('verify', { type: 'checkbox' })} />
    </FormDialog>
  );
}
