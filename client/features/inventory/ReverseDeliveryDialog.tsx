import { Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DELIVERY_WORDS, reverseForm } from '../../../core/inventory/deliveries';
import { FormDialog } from '../../ui/form/FormDialog';
import { useSchemaForm } from '../../ui/form/useSchemaForm';
import { TONE } from '../../ui/tones';
import { useReverseDelivery, type DeliveryDto } from './deliveryApi';

/** Reverse delivery: asks the reason; the server's refusal (stock gone, units moved) is shown in its words. */
export function ReverseDeliveryDialog({ delivery, onClose }: { delivery: DeliveryDto; onClose: () => void }) {
  const reverse = useReverseDelivery();
  const form = useSchemaForm(reverseForm, { reason: '' }, { show: 'first' });
  return (
    <FormDialog
      form={form}
      title={DELIVERY_WORDS.reverseDelivery}
      onClose={onClose}
      submitLabel={DELIVERY_WORDS.reverseDelivery}
      submitColor={TONE.red}
      busy={reverse.isPending}
      alertTitle="Cannot reverse"
      intro={
        <Text size="sm">
          Each line of delivery {delivery.reference} is taken back off its item&apos;s stock card. The delivery itself stays on record,
          marked reversed.
        </Text>
      }
      onSubmit={async ({ reason }) => {
        const res = await reverse.mutateAsync({ id: delivery.id, reason: reason.trim() });
        notifications.show({ color: 'green', title: DELIVERY_WORDS.reversed, message: res.message });
        onClose();
      }}
    >
      <Textarea label="Reason" required rows={3} {...form.getInputProps('reason')} />
    </FormDialog>
  );
}
