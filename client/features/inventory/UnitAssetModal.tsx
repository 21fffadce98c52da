import { NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { PROPERTY_NUMBER_MAX } from '../../../core/inventory/deliveries';
import { ASSET_WORDS, unitAssetForm } from '../../../core/inventory/unitAsset';
import type { UnitAssetBody } from '../../../core/inventory/unitSchemas';
import { FormDialog } from '../../ui/form/FormDialog';
import { useSchemaForm } from '../../ui/form/useSchemaForm';
import { useCampusToday } from '../site/useCampusToday';
import type { UnitDto } from './api';
import { useEditUnitAsset, useSuppliers } from './deliveryApi';

interface Values {
  purchaseDate: string;
  purchaseCost: number | string;
  supplierId: string | null;
  warrantyEnd: string;
  propertyNumber: string;
}

const bodyOf = (v: Values): UnitAssetBody => ({
  purchaseDate: v.purchaseDate || null,
  purchaseCost: typeof v.purchaseCost === 'number' ? v.purchaseCost : v.purchaseCost.trim() === '' ? null : Number(v.purchaseCost),
  supplierId: v.supplierId ? Number(v.supplierId) : null,
  warrantyEnd: v.warrantyEnd || null,
  propertyNumber: v.propertyNumber.trim() || null,
});

/** Edit Asset Record: the unit's purchase date, cost, supplier, warranty end and property number; empty clears one. */
export function UnitAssetModal({ unit, onClose }: { unit: UnitDto; onClose: () => void }) {
  const today = useCampusToday();
  const suppliers = useSuppliers();
  const edit = useEditUnitAsset();
  const form = useSchemaForm<Values, UnitAssetBody>(
    unitAssetForm(today),
    {
      purchaseDate: unit.purchaseDate ?? '',
      purchaseCost: unit.purchaseCost ?? '',
      supplierId: unit.supplierId === null ? null : String(unit.supplierId),
      warrantyEnd: unit.warrantyEnd ?? '',
      propertyNumber: unit.propertyNumber ?? '',
    },
    { toBody: bodyOf },
  );
  const submit = async (body: UnitAssetBody) => {
    const res = await edit.mutateAsync({ id: unit.id, body });
    notifications.show({ color: 'green', title: 'Success', message: `${res.message}: ${unit.tag}` });
    onClose();
  };
  return (
    <FormDialog
      form={form}
      title={`${ASSET_WORDS.editAsset} of ${unit.tag}`}
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Save Changes"
      busy={edit.isPending}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput label={ASSET_WORDS.purchaseDate} type="date" max={today} {...form.getInputProps('purchaseDate')} data-autofocus />
        <NumberInput
          label={`${ASSET_WORDS.purchaseCost} (₱)`}
          min={0}
          prefix="₱"
          decimalScale={2}
          thousandSeparator=","
          {...form.getInputProps('purchaseCost')}
        />
      </SimpleGrid>
      <Select
        label={ASSET_WORDS.supplier}
        placeholder={suppliers.isPending ? 'Loading suppliers…' : 'None'}
        searchable
        clearable
        data={(suppliers.data?.items ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
        nothingFoundMessage="No supplier by that name (add suppliers when recording a delivery)"
        {...form.getInputProps('supplierId')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput label={ASSET_WORDS.warrantyEnd} type="date" {...form.getInputProps('warrantyEnd')} />
        <TextInput label={ASSET_WORDS.propertyNumber} maxLength={PROPERTY_NUMBER_MAX} {...form.getInputProps('propertyNumber')} />
      </SimpleGrid>
    </FormDialog>
  );
}
