import { useState } from 'react';
import { Checkbox, Group, NumberInput, Select, SimpleGrid, Text, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { imageFileProblem } from '../../../core/files';
import {
  CATEGORIES,
  ITEM_DESCRIPTION_MAX,
  ITEM_NAME_MAX,
  ITEM_STATUS_LABELS,
  ITEM_STATUSES,
  itemForm,
  MAX_STOCK,
} from '../../../core/inventory/rules';
import { MSG } from '../../../core/messages';
import { STOCK_MSG, STOCK_REASON_MAX } from '../../../core/inventory/stock';
import { ApiError } from '../../lib/api';
import { confirmAction } from '../../ui/confirm';
import { FileDrop } from '../../ui/FileDrop';
import { FormDialog } from '../../ui/form/FormDialog';
import { useSchemaForm } from '../../ui/form/useSchemaForm';
import { useCreateItem, useItemPhoto, useUpdateItem, type ItemBody, type ItemDto } from './api';
import { ItemPhoto } from './ItemPhoto';
import { ITEM_KIND_LABELS, ITEM_KINDS, type ItemKind } from '../../../core/inventory/supplies';

interface Values {
  name: string;
  description: string;
  category: string | null;
  quantity: number | string;
  minStock: number | string;
  itemStatus: string;
  quantityReason: string;
  kind: ItemKind;
  reorderLevel: number | string;
  reorderQuantity: number | string;
}

const valuesOf = (item: ItemDto | null): Values =>
  item
    ? {
        name: item.name,
        description: item.description ?? '',
        category: item.category,
        quantity: item.quantity,
        minStock: item.minStock,
        itemStatus: item.itemStatus,
        quantityReason: '',
        kind: item.kind,
        reorderLevel: item.reorderLevel ?? '',
        reorderQuantity: item.reorderQuantity,
      }
    : {
        name: '',
        description: '',
        category: null,
        quantity: '',
        minStock: '',
        itemStatus: 'available',
        quantityReason: '',
        kind: 'lent',
        reorderLevel: '',
        reorderQuantity: 0,
      };

/** The form's values as the API takes them: an empty number box is no number (the rule then says so). */
const bodyOf = (v: Values): ItemBody => ({
  name: v.name,
  description: v.description,
  category: v.category ?? '',
  quantity: typeof v.quantity === 'number' ? v.quantity : undefined,
  minStock: typeof v.minStock === 'number' ? v.minStock : undefined,
  itemStatus: v.itemStatus,
  quantityReason: v.quantityReason.trim() || null,
  kind: v.kind,
  // An empty reorder level: not reordered.
  reorderLevel: typeof v.reorderLevel === 'number' ? v.reorderLevel : null,
  reorderQuantity: typeof v.reorderQuantity === 'number' ? v.reorderQuantity : 0,
});

const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/gif'];
function photoProblem(file: File): string | null {
  const problem = imageFileProblem(file);
  return problem === 'type' ? MSG.itemPhotoType : problem === 'size' ? MSG.itemPhotoTooLarge : null;
}

const failure = (err: unknown, fallback: string) =>
  err instanceof ApiError ? (err.isNetwork ? MSG.inventoryNetworkError : err.message || fallback) : fallback;

/**
 * Add New Item and Edit Item (docs/product.md): every field checked by the core form rule, each wrong field marked
 * with its message (number boxes keep what was typed, "-3" or "2.5", for the rule to refuse in words); Add asks for confirmation first (Confirm Add Item). An optional photo, by click or drop.
 */
export function ItemFormModal({ item, onClose }: { item: ItemDto | null; onClose: () => void }) {
  const editing = item !== null;
  const form = useSchemaForm(itemForm, valuesOf(item), { toBody: bodyOf });
  const [photo, setPhoto] = useState<File | null>(null);
  const [removePhoto, setRemovePhoto] = useState(false);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const create = useCreateItem();
  const update = useUpdateItem();
  const savePhoto = useItemPhoto();
  const busy = create.isPending || update.isPending || savePhoto.isPending;
  const failed = editing ? MSG.failedToUpdateItem : MSG.failedToAddItem;
  const values = form.values;

  const quantityChanged = editing && item.tracking !== 'tracked' && values.quantity !== item.quantity;

  const submit = async (body: ItemBody) => {
    if (photoError) return;
    // docs/decisions/stock-card.md: a changed quantity is an adjustment on the stock card, with its reason.
    if (quantityChanged && !values.quantityReason.trim()) {
      form.setFieldError('quantityReason', STOCK_MSG.adjustReasonRequired);
      return;
    }
    if (
      !editing &&
      !(await confirmAction({
        title: 'Confirm Add Item',
        message: `Add ${values.name.trim()} (${values.category}, quantity ${values.quantity}) to the inventory?`,
        confirmLabel: 'Add Item',
      }))
    )
      return;
    let saved: ItemDto;
    try {
      saved = editing ? (await update.mutateAsync({ id: item.id, body })).item : (await create.mutateAsync(body)).item;
    } catch (err) {
      notifications.show({ color: 'red', title: failed, message: failure(err, failed) });
      throw err;
    }
    try {
      if (photo) await savePhoto.mutateAsync({ id: saved.id, file: photo });
      else if (removePhoto && item?.photoUrl) await savePhoto.mutateAsync({ id: saved.id, file: null });
    } catch (err) {
      // The item is saved; only its photo is not. Say so, and let the office try the photo again from Edit.
      notifications.show({ color: 'red', title: 'Photo not saved', message: failure(err, MSG.failedToUpdateItem) });
    }
    notifications.show({ color: 'green', title: 'Success', message: editing ? MSG.itemUpdated : MSG.itemAdded });
    onClose();
  };

  return (
    <FormDialog
      form={form}
      title={editing ? 'Edit Item' : 'Add New Item'}
      size="lg"
      onClose={onClose}
      onSubmit={submit}
      failure={(err) => failure(err, failed)}
      submitLabel={editing ? 'Save Changes' : 'Add Item'}
      busy={busy}
    >
      <TextInput label="Item Name" required maxLength={ITEM_NAME_MAX} {...form.getInputProps('name')} data-autofocus />
      <Textarea
        label="Description"
        autosize
        minRows={2}
        maxRows={5}
        maxLength={ITEM_DESCRIPTION_MAX}
        {...form.getInputProps('description')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <Select
          label="Category"
          required
          placeholder="Choose a category"
          data={[...CATEGORIES]}
          {...form.getInputProps('category')}
          allowDeselect={false}
        />
        <Select
          label="Item Status"
          required
          data={ITEM_STATUSES.map((s) => ({ value: s, label: ITEM_STATUS_LABELS[s] }))}
          {...form.getInputProps('itemStatus')}
          allowDeselect={false}
        />
        <NumberInput
          label="Quantity"
          required
          min={0}
          max={MAX_STOCK}
          clampBehavior="none"
          {...form.getInputProps('quantity')}
          readOnly={item?.tracking === 'tracked'}
          description={item?.tracking === 'tracked' ? 'Counted from its units available' : undefined}
        />
        <NumberInput label="Min Stock" required min={0} max={MAX_STOCK} clampBehavior="none" {...form.getInputProps('minStock')} />
        <Select
          label="Kind"
          required
          description={form.values.kind === 'supply' ? 'Issued, not returned' : 'Lent and returned'}
          data={ITEM_KINDS.map((k) => ({ value: k, label: ITEM_KIND_LABELS[k] }))}
          {...form.getInputProps('kind')}
          allowDeselect={false}
          disabled={item?.tracking === 'tracked'}
        />
        <NumberInput
          label="Reorder Level"
          description="Empty: not reordered"
          min={0}
          max={MAX_STOCK}
          clampBehavior="none"
          {...form.getInputProps('reorderLevel')}
        />
        <NumberInput label="Reorder Quantity" min={0} max={MAX_STOCK} clampBehavior="none" {...form.getInputProps('reorderQuantity')} />
      </SimpleGrid>
      {quantityChanged && (
        <TextInput
          label="Reason for the quantity change"
          description="Kept on the item's stock card"
          required
          maxLength={STOCK_REASON_MAX}
          {...form.getInputProps('quantityReason')}
        />
      )}
      <Group align="flex-end" wrap="nowrap" gap="sm">
        {editing && item.photoUrl && !photo && !removePhoto && <ItemPhoto url={item.photoUrl} name={item.name} size={72} />}
        <div style={{ flex: 1 }}>
          <FileDrop
            id="item-photo"
            label="Photo (optional)"
            hint="PNG, JPG, GIF up to 5MB"
            accept={PHOTO_TYPES}
            file={photo}
            onFile={(f) => {
              setPhoto(f);
              setRemovePhoto(false);
              setPhotoError(photoProblem(f));
            }}
          />
        </div>
      </Group>
      {photoError && (
        <Text size="sm" c="red.8" role="alert">
          {photoError}
        </Text>
      )}
      {editing && item.photoUrl && !photo && (
        <Checkbox label="Remove the photo" checked={removePhoto} onChange={(e) => setRemovePhoto(e.currentTarget.checked)} />
      )}
    </FormDialog>
  );
}
