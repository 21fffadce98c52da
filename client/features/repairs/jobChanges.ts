import { useMutation } from '@tanstack/react-query';
import { formatPeso } from '../../../core/format';
import type { RepairReportDto, WorkInput } from '../../../core/repairs/schemas';
import { urlOf } from '../../lib/api';
import type { FormPart, NewEntry, QueueEntry } from '../../lib/offlineQueue';
import { sendOrQueue } from '../../lib/sendOrQueue';
import { useOfflineQueue } from '../../lib/useOfflineQueue';
import { useMe } from '../auth/api';
import { useInvalidateRepairs } from './api';

/**
 * The technician's job changes through the offline queue (docs/decisions/offline-work.md): start with its photo,
 * hold with its reason, resume, complete with its description, cost and photo, and the notes. Each job is one chain
 * (`repair:<id>`), so a completion waits for its start; each entry keeps what the screens show of it (`meta`).
 */

export type JobChange =
  | { kind: 'repair-start'; file: File }
  | { kind: 'repair-complete'; file: File; workDescription: string; actualCost?: number | null }
  | { kind: 'repair-hold'; reason: string }
  | { kind: 'repair-resume' }
  | { kind: 'repair-work'; body: WorkInput };

type Kind = JobChange['kind'];

/** What each change did, as the card says it: "Waiting to send: completed". */
const WHAT: Record<Kind, string> = {
  'repair-start': 'started',
  'repair-complete': 'completed',
  'repair-hold': 'put on hold',
  'repair-resume': 'resumed',
  'repair-work': 'notes and cost',
};

/** What the screens show of a kept change, and how it changes the job's card until it is sent. */
export interface JobMeta {
  reportId: number;
  code: string;
  place: string;
  what: string;
  /** What the person typed, labelled, to read again and copy. */
  typed: { label: string; value: string }[];
  /** The report's fields as the change leaves them. */
  set: Partial<Pick<RepairReportDto, 'status' | 'workDescription' | 'actualCost' | 'personnelNotes'>> & {
    hold?: string | null;
  };
}

/**
 * The technician's changes the queue's panel shows: the jobs' ('repair-…') and the maintenance checklists' ('plan-…',
 * features/maintenance/checklistChange.ts, kept in the same shape: code, place, what, typed).
 */
export const isJobEntry = (e: QueueEntry) => e.kind.startsWith('repair-') || e.kind.startsWith('plan-');
export const metaOf = (e: QueueEntry) => e.meta as unknown as JobMeta;
const chainOf = (id: number) => `repair:${id}`;
const costText = (cost: number | null | undefined) => (cost === null ? 'None' : cost === undefined ? null : formatPeso(cost));

function photo(name: string, file: File): FormPart {
  return { name, file, fileName: file.name || 'photo.jpg' };
}

/** The queue's entry for a change to a job: its request, its chain and what the screens show of it. */
export function jobEntry(r: RepairReportDto, personId: number, change: JobChange): Omit<NewEntry, 'id' | 'idempotencyKey'> {
  const params = { params: { id: r.id } };
  const base = { kind: change.kind, personId, chain: chainOf(r.id) };
  const meta = (typed: JobMeta['typed'], set: JobMeta['set']): Record<string, unknown> => ({
    reportId: r.id,
    code: r.code,
    place: `${r.building} - ${r.room}`,
    what: WHAT[change.kind],
    typed,
    set,
  });
  switch (change.kind) {
    case 'repair-start':
      return {
        ...base,
        method: 'POST',
        url: urlOf('/api/repairs/:id/start', params),
        parts: [photo('proof', change.file)],
        meta: meta([], { status: 'in-progress' }),
      };
    case 'repair-complete': {
      const parts: FormPart[] = [{ name: 'workDescription', value: change.workDescription }];
      // Blank is "no cost" to the server; left out, it keeps the cost saved with Update.
      if (change.actualCost !== undefined)
        parts.push({ name: 'actualCost', value: change.actualCost === null ? '' : String(change.actualCost) });
      parts.push(photo('proof', change.file));
      const cost = costText(change.actualCost);
      return {
        ...base,
        method: 'POST',
        url: urlOf('/api/repairs/:id/complete', params),
        parts,
        meta: meta(
          [{ label: 'Work Description', value: change.workDescription }, ...(cost ? [{ label: 'Actual Cost', value: cost }] : [])],
          {
            status: 'completed',
            workDescription: change.workDescription,
            ...(change.actualCost !== undefined ? { actualCost: change.actualCost } : {}),
          },
        ),
      };
    }
    case 'repair-hold':
      return {
        ...base,
        method: 'POST',
        url: urlOf('/api/repairs/:id/hold', params),
        body: { reason: change.reason },
        meta: meta([{ label: 'Reason', value: change.reason }], { hold: change.reason }),
      };
    case 'repair-resume':
      return { ...base, method: 'POST', url: urlOf('/api/repairs/:id/resume', params), meta: meta([], { hold: null }) };
    case 'repair-work': {
      const { personnelNotes, actualCost } = change.body;
      const typed = [
        { label: 'Your Notes', value: personnelNotes },
        { label: 'Actual Cost', value: costText(actualCost)! },
      ];
      if (change.body.dateCompleted) typed.push({ label: 'Date Completed', value: change.body.dateCompleted });
      return {
        ...base,
        method: 'PUT',
        url: urlOf('/api/repairs/:id/work', params),
        body: change.body,
        meta: meta(
          typed.filter((t) => t.value !== ''),
          { personnelNotes, actualCost },
        ),
      };
    }
  }
}

/** A job's kept changes, in order: those that will go, and whether one was refused (holding the rest). */
export const queuedFor = (id: number, entries: QueueEntry[]) => queuedOn(chainOf(id), entries);

/** A chain's kept changes, in order: those that will go, and whether one was refused (holding the rest). */
export function queuedOn(
  chain: string | undefined,
  entries: QueueEntry[],
): { going: QueueEntry[]; held: QueueEntry[]; refused: QueueEntry[] } {
  const mine = entries.filter((e) => e.chain === chain);
  const first = mine.findIndex((e) => e.state === 'refused');
  const going = first === -1 ? mine : mine.slice(0, first);
  const rest = first === -1 ? [] : mine.slice(first);
  return { going, held: rest.filter((e) => e.state === 'waiting'), refused: rest.filter((e) => e.state === 'refused') };
}

/** The job as it will be once its kept changes are sent (those not held behind a refused one). */
export function withQueued(r: RepairReportDto, entries: QueueEntry[]): RepairReportDto {
  let out = r;
  for (const e of queuedFor(r.id, entries).going) {
    const { hold, ...set } = metaOf(e).set;
    out = { ...out, ...set };
    if (hold !== undefined) out = { ...out, onHold: hold === null ? null : { since: e.createdAt, reason: hold } };
  }
  return out;
}

/** The signed-in technician's kept job changes, in the order of the line. */
export function useJobQueue() {
  const personId = useMe().data?.id ?? null;
  const view = useOfflineQueue(personId, isJobEntry);
  const entries = [...view.waiting, ...view.refused].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
  return { ...view, entries, personId };
}

type Answer = { message: string; report?: RepairReportDto };

/** Sends a job change now, or keeps it on the phone; refreshes the lists when it was sent. */
export function useJobChange(personId: number | null) {
  const refresh = useInvalidateRepairs();
  return useMutation({
    // Run offline too (TanStack Query pauses a mutation while the browser is offline): keeping the change is the point.
    networkMode: 'always',
    mutationFn: ({ report, change }: { report: RepairReportDto; change: JobChange }) => {
      if (personId === null) throw new Error('Not signed in');
      return sendOrQueue<Answer>(jobEntry(report, personId, change));
    },
    onSuccess: (outcome) => (outcome.kept ? undefined : refresh()),
  });
}
