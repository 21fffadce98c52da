import { Fieldset, Group, Radio, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { CHECKLIST_GROUPS, MARKS, type Mark } from '../../core/forms/checklist';

export type Particulars = Record<string, { status: Mark | ''; remarks: string }>;
const MARK_TEXT: Record<Mark, string> = { check: 'check', x: 'x', na: 'na' };

/**
 * The Preventive Maintenance Checklist's particulars, group by group: each marked check, x or na, with remarks.
 * The checklist form and a maintenance plan's job both fill it.
 */
export function ChecklistParticulars({
  particulars,
  onChange,
  remarkRows,
}: {
  particulars: Particulars;
  onChange: (key: string, change: Partial<Particulars[string]>) => void;
  remarkRows: number;
}) {
  return CHECKLIST_GROUPS.map((g) => (
    <Fieldset key={g.no} legend={`${g.no} ${g.title}`}>
      <Stack gap="md">
        {g.items.map(([key, name]) => {
          const p = particulars[key] ?? { status: '', remarks: '' };
          return (
            <SimpleGrid key={key} cols={{ base: 1, sm: 2 }} spacing="sm">
              <Radio.Group label={`${key} ${name}`} value={p.status} onChange={(v) => onChange(key, { status: v as Mark })}>
                <Group gap="md" mt={6}>
                  {MARKS.map((m) => (
                    <Radio key={m} value={m} label={MARK_TEXT[m]} aria-label={`${key} ${name}: ${MARK_TEXT[m]}`} />
                  ))}
                </Group>
              </Radio.Group>
              <Textarea
                label={`Remarks for ${key} ${name}`}
                rows={remarkRows}
                value={p.remarks}
                onChange={(e) => onChange(key, { remarks: e.currentTarget.value })}
              />
            </SimpleGrid>
          );
        })}
      </Stack>
    </Fieldset>
  ));
}
