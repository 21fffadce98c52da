/** A unit's history as the unit page reads it (docs/decisions/units.md); the writes add its lines (writes.ts). */
import type { UnitHistoryEntry } from '../../../../core/inventory/unitSchemas';
import { UNIT_CONDITION_LABELS, UNIT_STATUS_LABELS, type UnitCondition, type UnitStatus } from '../../../../core/inventory/units';
import { CUSTODY_STEP_TEXT, type CustodyStep } from '../../../../core/custody/rules';
import type { Db } from '../../../db/database';

function eventText(e: { kind: string; from_value: string | null; to_value: string | null; note: string | null }): string {
  const cond = (v: string | null) => (v ? (UNIT_CONDITION_LABELS[v as UnitCondition] ?? v) : 'none');
  const stat = (v: string | null) => (v ? (UNIT_STATUS_LABELS[v as UnitStatus] ?? v) : 'none');
  switch (e.kind) {
    case 'created':
      return `Added (${cond(e.to_value).toLowerCase()} condition)${e.note ? `: ${e.note}` : ''}`;
    case 'condition':
      return `Condition ${cond(e.from_value).toLowerCase()} → ${cond(e.to_value).toLowerCase()}`;
    case 'status':
      return `Status ${stat(e.from_value).toLowerCase()} → ${stat(e.to_value).toLowerCase()}${e.note ? ` (${e.note})` : ''}`;
    case 'moved':
      return `Home room ${e.from_value ?? 'none'} → ${e.to_value ?? 'none'}`;
    case 'serial':
      return `Serial number ${e.from_value ?? 'none'} → ${e.to_value ?? 'none'}`;
    case 'asset':
      return `Asset record: ${e.note ?? ''}`;
    case 'retired':
      return `Retired: ${e.note ?? ''}`;
    case 'custody':
      return CUSTODY_STEP_TEXT[e.to_value as CustodyStep]?.(e.note ?? '', e.from_value) ?? e.to_value ?? '';
    default:
      return e.kind;
  }
}

/** What the office did to a unit, newest first (the unit page adds its loans from borrowing). */
export async function unitEvents(db: Db, unitId: number): Promise<UnitHistoryEntry[]> {
  const rows = await db
    .selectFrom('unit_events as e')
    .leftJoin('accounts as a', 'a.id', 'e.actor_id')
    .select(['e.kind', 'e.from_value', 'e.to_value', 'e.note', 'e.created_at', 'a.full_name'])
    .where('e.unit_id', '=', unitId)
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc')
    .execute();
  return rows.map((e) => ({
    kind: e.kind as UnitHistoryEntry['kind'],
    at: e.created_at,
    by: e.full_name,
    text: eventText(e),
    requestId: null,
    photoUrl: null,
  }));
}
