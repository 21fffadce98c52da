import { useRef, useState } from 'react';
import { Button, Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DELIVERY_WORDS, deliveryForm, supplierProblem } from '../../../core/inventory/deliveries';
import { failureText, FormDialog } from '../../ui/form/FormDialog';
import { useSchemaForm } from '../../ui/form/useSchemaForm';
import { useCampusToday } from '../site/useCampusToday';
import { DeliveryLines, emptyLine, type LineValues } from './DeliveryLines';
import { useAddSupplier, useRecordDelivery, useSuppliers, type DeliveryBody, type DeliveryDto } from './deliveryApi';

interface Values {
  supplierId: string | null;
  reference: string;
  receivedOn: string;
  note: string;
  lines: LineValues[];
}

const num = (v: number | string) => (typeof v === 'number' ? v : v.trim() === '' ? null : Number(v));

const bodyOf = (v: Values): DeliveryBody => ({
  supplierId: v.supplierId ? Number(v.supplierId) : null,
  reference: v.reference.trim(),
  receivedOn: v.receivedOn,
  note: v.note.trim() || null,
  lines: v.lines.map((l) => ({
    itemId: l.itemId ? Number(l.itemId) : null,
    quantity: num(l.quantity),
    unitCost: num(l.unitCost),
    tagPrefix: l.tracked ? l.tagPrefix.trim() : null,
  })),
});

/** Add supplier, inline: the new supplier is saved on the list and chosen for this delivery. */
function NewSupplier({ onAdded, onCancel }: { onAdded: (id: number) => void; onCancel: () => void }) {
  const [name, setName] = useState('');
  const [contact, setContact] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const add = useAddSupplier();
  const save = async () => {
    const p = supplierProblem({ name, contact });
    if (p) return setProblem(p);
    try {
      const res = await add.mutateAsync({ name: name.trim(), contact: contact.trim() || null });
      onAdded(res.supplier.id);
    } catch (err) {
      setProblem(failureText(err));
    }
  };
  return (
    <Stack gap="xs" p="sm" bd="1px solid var(--mantine-color-gray-4)" style={{ borderRadius: 8 }}>
      <TextInput label="Supplier's name" required value={name} onChange={(e) => setName(e.currentTarget.value)} error={problem} />
      <TextInput
        label="Contact"
        description="Phone, email or address"
        value={contact}
        onChange={(e) => setContact(e.currentTarget.value)}
      />
      <Group justify="flex-end" gap="xs">
        <Button variant="default" size="xs" onClick={onCancel}>
          Cancel
        </Button>
        <Button size="xs" loading={add.isPending} onClick={save}>
          {DELIVERY_WORDS.addSupplier}
        </Button>
      </Group>
    </Stack>
  );
}

/** Record delivery: the supplier (chosen, or added to the list), its reference, the date received and its lines. */
export function RecordDeliveryDialog({ onClose, onRecorded }: { onClose: () => void; onRecorded?: (d: DeliveryDto) => void }) {
  const today = useCampusToday();
  const suppliers = useSuppliers();
  const record = useRecordDelivery();
  const [adding, setAdding] = useState(false);
  // The rule asks which chosen items are tracked (their lines need a tag prefix): the lines know.
  const trackedName = useRef<(id: number) => string | null>(() => null);
  const form = useSchemaForm<Values, DeliveryBody>(
    deliveryForm(today, (id) => trackedName.current(id)),
    { supplierId: null, reference: '', receivedOn: today, note: '', lines: [emptyLine()] },
    { toBody: bodyOf, show: 'first' },
  );
  trackedName.current = (id) => form.getValues().lines.find((l) => l.tracked && Number(l.itemId) === id)?.itemName ?? null;
  const submit = async (body: DeliveryBody) => {
    const res = await record.mutateAsync(body);
    notifications.show({ color: 'green', title: DELIVERY_WORDS.received, message: res.message });
    onRecorded?.(res.delivery);
    onClose();
  };
  return (
    <FormDialog
      form={form}
      title={DELIVERY_WORDS.recordDelivery}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={DELIVERY_WORDS.recordDelivery}
      busy={record.isPending}
      size="lg"
      alertTitle="Check the delivery"
    >
      {adding ? (
        <NewSupplier
          onCancel={() => setAdding(false)}
          onAdded={(id) => {
            setAdding(false);
            form.setFieldValue('supplierId', String(id));
          }}
        />
      ) : (
        <Group align="flex-end" gap="xs" wrap="wrap">
          <Select
            label="Supplier"
            placeholder={suppliers.isPending ? 'Loading suppliers…' : 'Choose a supplier'}
            searchable
            required
            style={{ flex: '1 1 200px' }}
            data={(suppliers.data?.items ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
            nothingFoundMessage="No supplier by that name: add it"
            {...form.getInputProps('supplierId')}
          />
          <Button variant="light" onClick={() => setAdding(true)}>
            {DELIVERY_WORDS.addSupplier}
          </Button>
        </Group>
      )}
      <TextInput
        label="Reference number"
        description="The supplier's receipt or invoice number"
        required
        {...form.getInputProps('reference')}
      />
      <TextInput label="Date received" type="date" max={today} required {...form.getInputProps('receivedOn')} />
      <DeliveryLines form={form} />
      <Textarea label="Note" rows={2} {...form.getInputProps('note')} />
    </FormDialog>
  );
}
