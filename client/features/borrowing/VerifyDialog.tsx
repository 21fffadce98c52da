import { useRef, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Divider,
  FileInput,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { opensRepair, RETURN_CONDITION_LABELS, RETURN_CONDITIONS, type ReturnCondition } from '../../../core/borrowing/conditions';
import type { ConditionEntry } from '../../../core/borrowing/conditionSchemas';
import type { BorrowRequestDto } from '../../../core/borrowing/schemas';
import { PROBLEM_CONDITION } from '../../../core/borrowing/problems';
import type { LoanProblemDto } from '../../../core/borrowing/problemSchemas';
import { MSG } from '../../../core/messages';
import { useRequestFindings } from './api';
import { PRIORITIES, type Priority } from '../../../core/repairs/rules';
import { prepareUpload } from '../../lib/uploads';
import { TONE } from '../../ui/tones';

const ACCEPT = 'image/jpeg,image/png,image/gif';
const CONDITION_OPTIONS = RETURN_CONDITIONS.map((c) => ({ value: c, label: RETURN_CONDITION_LABELS[c] }));
const PRIORITY_OPTIONS = PRIORITIES.map((p) => ({ value: p, label: p[0].toUpperCase() + p.slice(1) }));

/** One finding being filled in: a unit of a tracked line, or a quantity of a counted one. */
interface Row {
  key: string;
  lineId: number;
  itemName: string;
  tag: string | null;
  quantity: number;
  condition: ReturnCondition;
  note: string;
  photo: File | null;
  priority: Priority;
  /** The problem the borrower reported about it (docs/decisions/loan-problems.md), and its photo, used when none is added. */
  problemId?: number;
  problemPhotoUrl?: string | null;
}

/** A reported problem pre-fills its row: broken → damaged, missing → lost, the borrower's words as the note. */
const fromProblem = (p: LoanProblemDto): Partial<Row> => ({
  condition: PROBLEM_CONDITION[p.kind],
  note: p.description.slice(0, 1000),
  problemId: p.id,
  problemPhotoUrl: p.photoUrl,
});

/** What a verification covers: per line, the quantity being checked in and its units by tag. */
export interface VerifyScopeLine {
  lineId: number;
  name: string;
  quantity: number;
  units: string[];
}

/**
 * What Mark Completed verifies (docs/decisions/partial-returns.md): every return awaiting verification, or, for a
 * request returned before returns were kept one by one, everything lent.
 */
export function verifyScopeOf(request: BorrowRequestDto, batchId?: number, includeOut = false): VerifyScopeLine[] {
  if (includeOut)
    // Mark Returned: everything not checked in yet, still out or handed back and awaiting verification.
    return request.items
      .filter((l) => l.quantityApproved - l.quantityVerified > 0)
      .map((l) => {
        const awaiting = request.returns
          .filter((b) => b.status === 'awaiting')
          .flatMap((b) => b.items.filter((i) => i.lineId === l.id).flatMap((i) => i.units));
        return {
          lineId: l.id,
          name: l.name,
          quantity: l.quantityApproved - l.quantityVerified,
          units: l.units.filter((t) => l.unitsOut.includes(t) || awaiting.includes(t)),
        };
      });
  const awaiting = request.returns.filter((b) => (batchId === undefined ? b.status === 'awaiting' : b.id === batchId));
  if (!awaiting.length && batchId === undefined)
    return request.items
      .filter((l) => l.quantityApproved - l.quantityVerified > 0)
      .map((l) => ({ lineId: l.id, name: l.name, quantity: l.quantityApproved - l.quantityVerified, units: l.units }));
  const byLine = new Map<number, VerifyScopeLine>();
  for (const b of awaiting)
    for (const it of b.items) {
      const line = byLine.get(it.lineId) ?? { lineId: it.lineId, name: it.name, quantity: 0, units: [] };
      byLine.set(it.lineId, { ...line, quantity: line.quantity + it.quantity, units: [...line.units, ...it.units] });
    }
  return [...byLine.values()];
}

const rowsOf = (scope: VerifyScopeLine[], problems: LoanProblemDto[]): Row[] => {
  const open = problems.filter((p) => p.resolvedAt === null);
  return scope
    .filter((l) => l.quantity > 0)
    .flatMap((l) => {
      if (l.units.length)
        return l.units.map((tag) => {
          const p = open.find((x) => x.tag === tag);
          return { ...blank(l.lineId, l.name, `${l.lineId}:${tag}`), tag, ...(p ? fromProblem(p) : {}) };
        });
      // A counted line: what was reported first, within what this verification checks in, then the rest as good.
      let left = l.quantity;
      const reported = open
        .filter((x) => x.tag === null && x.lineId === l.lineId)
        .flatMap((p) => {
          const quantity = Math.min(p.quantity, left);
          left -= quantity;
          return quantity > 0 ? [{ ...blank(l.lineId, l.name, `${l.lineId}:p${p.id}`), ...fromProblem(p), quantity }] : [];
        });
      return [...reported, ...(left > 0 || !reported.length ? [{ ...blank(l.lineId, l.name, `${l.lineId}:0`), quantity: left }] : [])];
    });
};

/** Whether the row may go without a photo of its own: good, or the borrower's report stands for it. */
const photoCovered = (r: Row) => r.condition === 'good' || !!r.photo || (!!r.problemId && (!!r.problemPhotoUrl || r.condition === 'lost'));

const blank = (lineId: number, itemName: string, key: string): Row => ({
  key,
  lineId,
  itemName,
  tag: null,
  quantity: 1,
  condition: 'good',
  note: '',
  photo: null,
  priority: 'medium',
});

/** What is wrong with the findings before sending (the server checks the same): a counted line not covered, a photo missing. */
function problemOf(scope: VerifyScopeLine[], rows: Row[]): string | null {
  for (const line of scope.filter((l) => l.quantity > 0 && l.units.length === 0)) {
    const sum = rows.filter((r) => r.lineId === line.lineId).reduce((n, r) => n + (r.quantity || 0), 0);
    if (sum !== line.quantity) return `The conditions of ${line.name} must cover the ${line.quantity} brought back (${sum} given).`;
  }
  const noPhoto = rows.find((r) => !photoCovered(r));
  if (noPhoto) return MSG.conditionPhotoRequired(noPhoto.tag ?? noPhoto.itemName);
  return null;
}

/**
 * Mark Completed, the office's verification of a return (docs/decisions/return-conditions.md): each unit lent, and each counted line's quantity split by
 * condition, Good unless changed; a thing not good needs a photo and may have a note; damage opens a repair with the
 * priority chosen here. Everything good sends the plain verification.
 */
type VerifyProps = {
  request: BorrowRequestDto;
  /** The borrow records' Mark Returned (docs/decisions/partial-returns.md): everything not verified yet, out or back. */
  markReturned?: { title: string; intro: string };
  /** One return to verify (a partial one); none: everything awaiting verification. */
  batchId?: number;
  busy: boolean;
  error: string | null;
  /** Null: everything came back good. */
  onVerify: (found: { entries: ConditionEntry[]; photos: Map<number, File> } | null) => void;
  onClose: () => void;
};

export function VerifyDialog(props: VerifyProps) {
  // The problems reported during the loan pre-fill the findings (docs/decisions/loan-problems.md); read first when there are any.
  const one = useRequestFindings(props.request.id);
  if (props.request.openProblems > 0 && one.isPending) return null;
  return <VerifyForm {...props} problems={one.data?.problems ?? []} />;
}

function VerifyForm({
  request,
  batchId,
  markReturned,
  busy,
  error,
  onVerify,
  onClose,
  problems,
}: VerifyProps & { problems: LoanProblemDto[] }) {
  const [scope] = useState(() => verifyScopeOf(request, batchId, !!markReturned));
  const [rows, setRows] = useState<Row[]>(() => rowsOf(scope, problems));
  const [tried, setTried] = useState(false);
  const made = useRef(0);
  const change = (key: string, patch: Partial<Row>) => setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const split = (r: Row) =>
    setRows((all) => {
      const at = all.findIndex((x) => x.key === r.key);
      const next = { ...blank(r.lineId, r.itemName, `${r.lineId}:split${++made.current}`), condition: 'damaged' as const, quantity: 1 };
      return [...all.slice(0, at + 1), next, ...all.slice(at + 1)];
    });
  const remove = (key: string) => setRows((all) => all.filter((r) => r.key !== key));
  const problem = problemOf(scope, rows);
  const number = batchId === undefined ? 0 : request.returns.findIndex((b) => b.id === batchId) + 1;

  const verify = async () => {
    setTried(true);
    if (problem) return;
    if (rows.every((r) => r.condition === 'good' && !r.note.trim())) return onVerify(null);
    const photos = new Map<number, File>();
    for (const [i, r] of rows.entries()) if (r.condition !== 'good' && r.photo) photos.set(i, await prepareUpload(r.photo));
    const entries: ConditionEntry[] = rows.map((r) => ({
      ...(r.tag ? { tag: r.tag } : { lineId: r.lineId, quantity: r.quantity }),
      condition: r.condition,
      ...(r.note.trim() ? { note: r.note.trim() } : {}),
      ...(opensRepair(r.condition) ? { priority: r.priority } : {}),
      ...(r.problemId ? { problemId: r.problemId } : {}),
    }));
    onVerify({ entries, photos });
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={
        markReturned?.title ?? (batchId === undefined ? `Mark ${request.code} completed` : `Verify return ${number} of ${request.code}`)
      }
      size="lg"
      centered
    >
      <Stack gap="sm">
        {markReturned && <Text size="sm">{markReturned.intro}</Text>}
        <Text size="sm">
          What came back from {request.requesterName}? Good things go back to stock; damaged or incomplete ones go to repair (a repair
          report opens), lost ones leave the stock. {request.requesterName} is told what was found.
        </Text>
        {rows.map((r, i) => {
          const what = r.tag ? `${r.itemName} ${r.tag}` : r.itemName;
          const counted = r.tag === null;
          const siblings = rows.filter((x) => x.lineId === r.lineId).length;
          return (
            <Stack key={r.key} gap={6} data-testid="verify-row">
              {i > 0 && <Divider />}
              <Group gap="xs" align="flex-end" wrap="wrap">
                <Select
                  label={`Condition of ${what}`}
                  data={CONDITION_OPTIONS}
                  value={r.condition}
                  onChange={(v) => v && change(r.key, { condition: v as ReturnCondition })}
                  allowDeselect={false}
                  style={{ flex: '1 1 12rem' }}
                />
                {counted && (
                  <NumberInput
                    label={`Quantity of ${r.itemName}`}
                    min={1}
                    max={scope.find((l) => l.lineId === r.lineId)?.quantity}
                    value={r.quantity}
                    onChange={(v) => change(r.key, { quantity: typeof v === 'number' ? v : 0 })}
                    allowDecimal={false}
                    style={{ flex: '0 1 7rem' }}
                  />
                )}
                {counted && (
                  <ActionIcon variant="default" size="lg" aria-label={`Add another condition for ${r.itemName}`} onClick={() => split(r)}>
                    <IconPlus size={16} />
                  </ActionIcon>
                )}
                {counted && siblings > 1 && (
                  <ActionIcon
                    variant="default"
                    size="lg"
                    aria-label={`Remove this condition of ${r.itemName}`}
                    onClick={() => remove(r.key)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                )}
              </Group>
              {r.condition !== 'good' && (
                <>
                  <TextInput
                    label={`Note on ${what}`}
                    placeholder="What was found"
                    maxLength={1000}
                    value={r.note}
                    onChange={(e) => change(r.key, { note: e.currentTarget.value })}
                  />
                  {r.problemId && (
                    <Text size="sm" c="dark.6">
                      Reported by {request.requesterName} during the loan
                      {r.problemPhotoUrl ? (
                        <>
                          {'; '}
                          <Anchor href={r.problemPhotoUrl} target="_blank" rel="noopener">
                            their photo of {what}
                          </Anchor>{' '}
                          is used unless you add one.
                        </>
                      ) : (
                        '.'
                      )}
                    </Text>
                  )}
                  <Group gap="xs" align="flex-start" wrap="wrap">
                    <FileInput
                      label={`Photo of ${what}`}
                      description="JPEG, PNG or GIF, up to 5 MB"
                      placeholder="Choose a photo"
                      // The placeholder shows when the borrower's photo stands in: readable (axe: contrast).
                      styles={{ placeholder: { color: TONE.gray } }}
                      accept={ACCEPT}
                      value={r.photo}
                      onChange={(f) => change(r.key, { photo: f })}
                      clearable
                      withAsterisk={!photoCovered({ ...r, photo: null })}
                      error={tried && !photoCovered(r) ? 'A photo is required' : undefined}
                      style={{ flex: '1 1 12rem' }}
                    />
                    {opensRepair(r.condition) && (
                      <Select
                        label="Repair priority"
                        data={PRIORITY_OPTIONS}
                        value={r.priority}
                        onChange={(v) => v && change(r.key, { priority: v as Priority })}
                        allowDeselect={false}
                        style={{ flex: '0 1 9rem' }}
                      />
                    )}
                  </Group>
                </>
              )}
            </Stack>
          );
        })}
        {tried && problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={busy} onClick={() => void verify()}>
            {markReturned ? 'Mark Returned' : batchId === undefined ? 'Mark Completed' : 'Verify Return'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
