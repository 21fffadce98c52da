import type { CompleteJobInput, PlanDto } from '../../../core/maintenance/schemas';
import { particularName } from '../../../core/forms/checklist';
import { urlOf } from '../../lib/api';
import type { NewEntry, QueueEntry } from '../../lib/offlineQueue';

/**
 * A plan job's filled checklist through the phone's offline queue (docs/decisions/offline-work.md): personnel fill
 * it where there is no signal and it is sent when the connection returns, applied once. One chain per plan; the
 * entry keeps what the screens show of it in the shape the technician's other changes use (code, place, what,
 * typed), so that the queue's panel on Maintenance & Repairs names and counts it with them.
 */
export const CHECKLIST_CHANGE = 'plan-checklist';
export const isChecklistChange = (e: QueueEntry) => e.kind === CHECKLIST_CHANGE;

export interface ChecklistMeta {
  planId: number;
  jobId: number;
  code: string;
  place: string;
  what: string;
  typed: { label: string; value: string }[];
}
export const checklistMetaOf = (e: QueueEntry) => e.meta as unknown as ChecklistMeta;

const MARK_WORDS = { check: 'check', x: 'x (with problem)', na: 'na' } as const;

export function checklistEntry(plan: PlanDto, personId: number, body: CompleteJobInput): Omit<NewEntry, 'id' | 'idempotencyKey'> {
  const typed = Object.entries(body.particulars ?? {})
    .filter(([, p]) => p.status)
    .map(([key, p]) => ({
      label: `${key} ${particularName(key)}`,
      value: [MARK_WORDS[p.status as keyof typeof MARK_WORDS], p.remarks?.trim()].filter(Boolean).join(': '),
    }));
  const meta: ChecklistMeta = {
    planId: plan.id,
    jobId: body.jobId,
    code: plan.code,
    place: `${plan.building} - ${plan.room}`,
    what: 'checklist filled',
    typed,
  };
  return {
    kind: CHECKLIST_CHANGE,
    personId,
    chain: `plan:${plan.id}`,
    method: 'POST',
    url: urlOf('/api/maintenance-plans/:id/complete', { params: { id: plan.id } }),
    body,
    meta: meta as unknown as Record<string, unknown>,
  };
}
