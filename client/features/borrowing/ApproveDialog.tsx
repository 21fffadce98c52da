import { dateAndTime } from '../../../core/borrowing/timesOfDay';
import { useState } from 'react';
import { Badge, Checkbox, Group, NumberInput, Stack, Text } from '@mantine/core';
import { approveForm, defaultIssue, isShortLine, type ApproveValues } from '../../../core/borrowing/approveForm';
import { firstIssue } from '../../../core/common/forms';
import { SUPPLY_MSG } from '../../../core/inventory/supplies';
import type { BorrowRequestDto } from '../../../core/borrowing/schemas';
import { FormDialog, shownByOpener } from '../../ui/form/FormDialog';
import { useSchemaForm } from '../../ui/form/useSchemaForm';
import { TONE, lightTone } from '../../ui/tones';
import { UnitPicker } from './UnitPicker';

type Line = BorrowRequestDto['items'][number];
type Values = { selected: string[]; issue: Record<string, number | string> };

/** Approve sends the units chosen as well; they come from the pickers, not the form's rule. */
export type Approval = ApproveValues & { units: string[] };

/**
 * Approve a pending request (docs/decisions/borrow-lifecycle.md, supplies.md): its items with checkboxes and the
 * quantity on hand of each; the lines stock can cover are preselected, the ones left unticked are approved at 0. A
 * lent line that is short cannot be approved while it is short; a supply line is issued, in part when short (its
 * quantity to issue, 1 to what was asked). The form's rule (core/borrowing/approveForm.ts) is checked as the choice
 * is made, so Approve Selected is off with the reason said; the server decides again when it is pressed.
 */
export function ApproveDialog({
  request,
  busy,
  error,
  onApprove,
  onClose,
}: {
  request: BorrowRequestDto;
  busy: boolean;
  /** The server's refusal (say, short stock), shown where the choice is made. */
  error: string | null;
  onApprove: (approval: Approval) => Promise<unknown>;
  onClose: () => void;
}) {
  // docs/decisions/reservations.md: a booking holds its dates only; the server checks them, and units are named at hand-out.
  const ahead = request.bookAhead;
  const lines = request.items;
  const startsChosen = (l: Line) => l.itemId !== null && (l.supply ? defaultIssue(l) > 0 : !isShortLine(l, ahead));
  const rule = approveForm(lines, ahead);
  const toBody = (v: Values): ApproveValues => {
    const items = v.selected.map(Number);
    const issue = lines
      .filter((l) => !ahead && l.supply && l.itemId !== null && items.includes(l.itemId))
      .map((l) => ({ itemId: l.itemId!, quantity: typeof v.issue[l.itemId!] === 'number' ? (v.issue[l.itemId!] as number) : Number.NaN }));
    return { items, issue };
  };
  const form = useSchemaForm<Values, ApproveValues>(
    rule,
    {
      selected: lines.filter(startsChosen).map((l) => String(l.itemId)),
      issue: Object.fromEntries(lines.filter((l) => l.supply && l.itemId !== null).map((l) => [String(l.itemId), defaultIssue(l)])),
    },
    { toBody, show: 'first' },
  );
  const selected = form.values.selected;
  const chosen = (l: Line) => l.itemId !== null && selected.includes(String(l.itemId));
  // The rule's first failure, said as the choice is made (and Approve Selected off until it is put right).
  const problem = firstIssue(rule, toBody(form.values));
  // The units chosen per tracked line (docs/decisions/units.md); undefined until the picker preselects them.
  const [units, setUnits] = useState<Record<number, string[] | undefined>>({});
  const trackedSelected = lines.filter((l) => !ahead && l.tracked && chosen(l));
  const unitsShort = trackedSelected.some((l) => (units[l.itemId!] ?? []).length !== l.quantityRequested);
  const intro = ahead
    ? `Select the items to approve for ${request.requesterName}. Booked ahead: the approved quantities are held from ${dateAndTime(request.dateNeeded, request.timeFrom)} to ${dateAndTime(request.dateExpectedReturn, request.timeTo)} and handed out on the day.`
    : `Select the items to approve for ${request.requesterName}. The approved quantities are taken out of stock.`;
  return (
    <FormDialog
      form={form}
      title={`Approve ${request.code}`}
      onClose={onClose}
      onSubmit={(body) => onApprove({ ...body, units: trackedSelected.flatMap((l) => units[l.itemId!] ?? []) })}
      submitLabel="Approve Selected"
      submitColor={TONE.green}
      submitDisabled={!!problem || unitsShort}
      busy={busy}
      failure={shownByOpener}
      error={problem ? { message: problem.message } : error ? { message: error } : null}
      intro={
        <Stack gap={4}>
          <Text size="sm">{intro}</Text>
          {request.hasSupplies && !ahead && <Text size="sm">{SUPPLY_MSG.approveIssues}</Text>}
        </Stack>
      }
    >
      <Checkbox.Group {...form.getInputProps('selected')} label="Items to approve">
        <Stack gap="xs" mt={6}>
          {lines.map((line) => (
            <Stack key={line.id} gap={4}>
              <Checkbox
                value={line.itemId === null ? `gone-${line.id}` : String(line.itemId)}
                disabled={line.itemId === null}
                label={<LineLabel line={line} ahead={ahead} />}
              />
              {!ahead && line.supply && chosen(line) && (
                <NumberInput
                  label={SUPPLY_MSG.issueLabel(line.name)}
                  description={SUPPLY_MSG.issueHelp(line.quantityRequested, line.onHand)}
                  min={1}
                  max={Math.min(line.quantityRequested, line.onHand ?? line.quantityRequested)}
                  clampBehavior="none"
                  allowDecimal={false}
                  ml="xl"
                  maw={260}
                  {...form.getInputProps(`issue.${line.itemId}`)}
                />
              )}
              {!ahead && line.tracked && chosen(line) && (
                <UnitPicker
                  itemId={line.itemId!}
                  itemName={line.name}
                  count={line.quantityRequested}
                  value={units[line.itemId!]}
                  onChange={(tags) => setUnits((u) => ({ ...u, [line.itemId!]: tags }))}
                />
              )}
            </Stack>
          ))}
        </Stack>
      </Checkbox.Group>
    </FormDialog>
  );
}

/** A line as the checkbox names it: name and quantity, category, Supply, and what is on hand (short in red). */
function LineLabel({ line, ahead }: { line: Line; ahead: boolean }) {
  const short = isShortLine(line, ahead);
  return (
    <Group gap={6} wrap="wrap">
      <span>
        {line.name} x{line.quantityRequested}
      </span>
      <Badge size="xs" variant="outline" color="gray" c="dark.6">
        {line.category}
      </Badge>
      {line.supply && (
        <Badge size="xs" {...lightTone('grape')}>
          {SUPPLY_MSG.supplyBadge}
        </Badge>
      )}
      {line.onHand !== null && !ahead && (
        <Text span size="xs" c={short ? TONE.red : 'dark.6'} fw={short ? 700 : 400}>
          {!short
            ? `${line.onHand} on hand`
            : line.supply
              ? `Short: only ${line.onHand} on hand, ${line.onHand} could be issued`
              : `Short: only ${line.onHand} on hand, ${line.onHand} could be approved`}
        </Text>
      )}
      {line.itemId === null && (
        <Text span size="xs" c={TONE.red}>
          No longer in the inventory
        </Text>
      )}
    </Group>
  );
}
