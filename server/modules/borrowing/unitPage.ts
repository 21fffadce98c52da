/** A unit's page: its history of changes and loans, and the repair it is in (docs/decisions/units.md). */
import { requestCode } from '../../../core/borrowing/rules';
import { RETURN_CONDITION_LABELS, type ReturnCondition } from '../../../core/borrowing/conditions';
import type { UnitHistoryEntry, UnitPage } from '../../../core/inventory/unitSchemas';
import { tidyTag } from '../../../core/inventory/units';
import { MSG } from '../../../core/messages';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import { createListCache } from '../../lib/listCache';
import { findUnitByTag, unitEvents } from '../inventory';
import { openRepairOfUnit } from '../repairs';

/**
 * A unit's loans (docs/decisions/units.md), newest first, as lines of its history: who borrowed it, when it went
 * out and until when, and when it came back.
 */
export async function unitLoans(db: Db, unitId: number): Promise<UnitHistoryEntry[]> {
  const rows = await db
    .selectFrom('borrow_line_units as blu')
    .innerJoin('borrow_request_items as bri', 'bri.id', 'blu.line_id')
    .innerJoin('borrow_requests as br', 'br.id', 'bri.request_id')
    .leftJoin('accounts as a', 'a.id', 'br.account_id')
    .leftJoin('return_conditions as rc', (j) => j.onRef('rc.request_id', '=', 'br.id').onRef('rc.unit_id', '=', 'blu.unit_id'))
    .select([
      'br.id',
      'br.decided_at',
      'br.created_at',
      'br.date_expected_return',
      'br.status',
      'blu.returned_at',
      'a.full_name',
      'rc.id as condition_id',
      'rc.condition',
      'rc.note',
      'rc.photo_path',
    ])
    .where('blu.unit_id', '=', unitId)
    .orderBy('br.decided_at', 'desc')
    .orderBy('br.id', 'desc')
    .execute();
  return rows.map((r) => ({
    kind: 'loan' as const,
    at: r.decided_at ?? r.created_at,
    by: r.full_name ?? MSG.deletedUser,
    text: `Lent on ${requestCode(r.id)} to ${r.full_name ?? MSG.deletedUser}, due back ${r.date_expected_return}; ${
      r.returned_at ? 'checked back in' : 'not back yet'
    }${r.condition ? `: ${RETURN_CONDITION_LABELS[r.condition as ReturnCondition].toLowerCase()}${r.note ? ` (${r.note})` : ''}` : ''}`,
    requestId: r.id,
    photoUrl: r.photo_path ? `/api/borrow-requests/${r.id}/conditions/${r.condition_id}/photo` : null,
  }));
}

const keptUnitPages = createListCache<UnitPage | null>(['item_units', 'accounts', 'repair_reports']);

/**
 * A unit's page (docs/decisions/units.md): the unit and its history, newest first, its changes (inventory) with its
 * loans; a loan sorts before the status change its approval wrote at the same instant; the repair it is in. Kept
 * while no unit, account or repair changes: a loan's line and its check-in are written with the unit's status change.
 */
export async function unitPageOf(ctx: Ctx, tag: string): Promise<UnitPage | null> {
  return keptUnitPages(ctx.db, tidyTag(tag), async () => {
    const unit = await findUnitByTag(ctx.db, tag);
    if (!unit) return null;
    const [events, loans, repair] = await Promise.all([
      unitEvents(ctx.db, unit.id),
      unitLoans(ctx.db, unit.id),
      openRepairOfUnit(ctx.db, unit.id),
    ]);
    const history = [...loans, ...events].sort((a, b) =>
      a.at < b.at ? 1 : a.at > b.at ? -1 : Number(b.kind === 'loan') - Number(a.kind === 'loan'),
    );
    return { unit, history, repair };
  });
}
