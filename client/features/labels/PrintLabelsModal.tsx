import { Alert, Radio, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPrinter } from '@tabler/icons-react';
import { LABEL_MSG, LABELS_PER_SHEET, MAX_LABELS, unreachableReason, type LabelLayout } from '../../../core/common/labels';
import { MSG } from '../../../core/messages';
import { downloadFile } from '../../lib/download';
import { FormDialog } from '../../ui/form/FormDialog';
import { useSchemaForm } from '../../ui/form/useSchemaForm';
import { TONE } from '../../ui/tones';
import { useSiteStatus } from '../site/api';

const LAYOUTS: { value: LabelLayout; label: string; description: string }[] = [
  {
    value: 'sheet',
    label: 'A4 sheet, 3 × 8 labels',
    description: '24 labels of 70 × 37 mm on a sheet (Avery 3474 and its equivalents), for an office printer.',
  },
  {
    value: 'single',
    label: 'One label per page',
    description: 'One 62 × 29 mm label per page (Brother DK-11209 and the like), for a label printer.',
  },
];

/**
 * Print labels (docs/decisions/labels-and-scanning.md): says which labels will be printed, asks the layout, and
 * downloads the PDF the server makes. Generic over what is labelled: the caller gives the count, the words for
 * them and the file's address for a layout.
 */
export function PrintLabelsModal({
  count,
  which,
  hrefFor,
  fallbackName,
  onClose,
}: {
  /** How many labels the file will hold. */
  count: number;
  /** Which things, in words: "the 26 rooms the list shows". */
  which: string;
  hrefFor: (layout: LabelLayout) => string;
  fallbackName: string;
  onClose: () => void;
}) {
  const form = useSchemaForm(null, { layout: 'sheet' as LabelLayout });
  const tooMany = count > MAX_LABELS;
  const sheets = Math.ceil(count / LABELS_PER_SHEET);
  // The address the codes hold (APP_URL): named, and a warning when a phone could not open it.
  const origin = useSiteStatus().data?.appOrigin;
  const unreachable = origin ? unreachableReason(origin) : null;

  const download = async ({ layout }: { layout: LabelLayout }) => {
    const name = await downloadFile(hrefFor(layout), { fallbackName });
    notifications.show({ color: 'green', title: 'Success', message: `Downloaded ${name}` });
    onClose();
  };

  return (
    <FormDialog
      form={form}
      title="Print labels"
      onClose={onClose}
      onSubmit={download}
      submitLabel="Download PDF"
      submitIcon={<IconPrinter size={18} />}
      submitDisabled={tooMany || count === 0}
    >
      <Text size="sm">Labels for {which}: each with its QR code, its code in large type, its name and the office&apos;s name.</Text>
      {origin && <Text size="sm">{LABEL_MSG.address(origin)}</Text>}
      {origin && unreachable && (
        <Alert color="orange" variant="light" title="Labels a phone cannot open" c="dark.8">
          {LABEL_MSG.unreachable(origin, unreachable)}
        </Alert>
      )}
      {tooMany && (
        <Text size="sm" c={TONE.red} role="alert">
          {MSG.labelsTooMany(count, MAX_LABELS)}
        </Text>
      )}
      <Radio.Group label="Layout" {...form.getInputProps('layout')}>
        <Stack gap="xs" mt={4}>
          {LAYOUTS.map((l) => (
            <Radio
              key={l.value}
              value={l.value}
              label={l.label}
              description={
                l.value === 'sheet' && count ? `${l.description} ${sheets === 1 ? '1 sheet' : `${sheets} sheets`}.` : l.description
              }
            />
          ))}
        </Stack>
      </Radio.Group>
    </FormDialog>
  );
}
