import { useState } from 'react';
import { SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { WORK_ORDER_FIELDS, WORK_ORDER_TITLE, type WorkOrderKey } from '../../../core/forms/workOrder';
import type { WorkOrderForm } from '../../../core/forms/schemas';
import { downloadWorkOrder } from './api';
import { FormCard } from './FormCard';
import { useFormDownload } from './useFormDownload';

const TYPES: Partial<Record<WorkOrderKey, string>> = {
  date: 'date',
  dateTimeStarted: 'datetime-local',
  dateTimeCompleted: 'datetime-local',
};
const EMPTY = Object.fromEntries(WORK_ORDER_FIELDS.map((f) => [f.key, ''])) as WorkOrderForm;

/** The Work Order Request Form (docs/product.md, docs/decisions/form-checks.md): its fields, and Download Form (two copies on the page). */
export function WorkOrderCard() {
  const [form, setForm] = useState<WorkOrderForm>(EMPTY);
  const { busy, download } = useFormDownload(WORK_ORDER_TITLE, () => downloadWorkOrder(form));
  const set = (key: WorkOrderKey, value: string) => setForm((f) => ({ ...f, [key]: value }));
  return (
    <FormCard
      id="work-order"
      title={WORK_ORDER_TITLE}
      about="The university work order: what is to be done, where, by whom and with what materials, with approval sections for the Head of the Auxiliary Unit and the Head of the General Services Office. The PDF holds two copies on one page, one for the requesting unit and one for the office."
      downloading={busy}
      onDownload={download}
    >
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {WORK_ORDER_FIELDS.map((f) =>
            'long' in f ? null : (
              <TextInput
                key={f.key}
                label={f.label}
                type={TYPES[f.key] ?? 'text'}
                placeholder={'hint' in f ? f.hint : undefined}
                description={'hint' in f ? f.hint : undefined}
                value={form[f.key]}
                onChange={(e) => set(f.key, e.currentTarget.value)}
              />
            ),
          )}
        </SimpleGrid>
        <Textarea
          label="Work Order Request"
          autosize
          minRows={4}
          value={form.workOrderRequest}
          onChange={(e) => set('workOrderRequest', e.currentTarget.value)}
        />
      </Stack>
    </FormCard>
  );
}
