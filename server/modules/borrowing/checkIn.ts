/**
 * The office checks in what came back (docs/decisions/return-conditions.md, partial-returns.md, loan-problems.md):
 * the findings' photos read and saved around the transaction, then inside it each thing put where its condition
 * says (everything good: back on the shelf), and the feed entry and notices of what was found.
 */
import * as say from '../../../core/borrowing/notices';
import { RETURN_CONDITION_LABELS } from '../../../core/borrowing/conditions';
import type { ConditionEntry } from '../../../core/borrowing/conditionSchemas';
import { canDo, wrongStateMessage } from '../../../core/borrowing/rules';
import { PROOF_IMAGE_KINDS, type FileKind } from '../../../core/files';
import { tidyTag } from '../../../core/inventory/units';
import { MSG } from '../../../core/messages';
import { readDamageTrades } from '../../../core/repairs/damage';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import type { Account, BorrowRequest } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import type { ReadFile } from '../../lib/uploads';
import { checkInUnits, returnToStock } from '../inventory';
import { now } from './moves';
import { openProblemsOf, problemPhotos, resolveProblems, type OpenProblem } from './problems';
import { applyFindings, checkFindings } from './returnConditions';
import { RETURN_MSG } from './returns';
import type { Scope } from './returnScopes';
import { stillOut } from './stillOut';
import { about } from './telling';

/** What the office found at a return: the entries (core/borrowing/conditions.ts) and their photos by entry index. */
export interface Findings {
  entries: ConditionEntry[];
  photos: Map<number, ReadFile>;
}

/** Whether the request can be verified now (404, or 409 when not awaiting verification): asked before uploads are read. */
export async function assertVerifiable(ctx: Ctx, id: number): Promise<void> {
  const current = await ctx.db.selectFrom('borrow_requests').select('status').where('id', '=', id).executeTakeFirst();
  if (!current) throw notFound(MSG.requestNotFound);
  if (current.status === 'approved') {
    const out = await stillOut(ctx.db, id);
    if (out > 0) throw conflict(RETURN_MSG.itemsOut(out), 'items_out');
  }
  if (!canDo('complete', current.status)) throw conflict(wrongStateMessage('complete', current.status), 'wrong_state');
}

/**
 * Each photo of a finding not good: present and an image by its bytes (400 otherwise); a good one's photo is not
 * kept. A finding that names a reported problem may come without one: it takes the problem's photo, and a thing
 * the borrower reported missing is found lost on their report (docs/decisions/loan-problems.md).
 */
function checkPhotos(found: Findings, reported: OpenProblem[] = []): Map<number, { buffer: Buffer; kind: FileKind }> {
  const out = new Map<number, { buffer: Buffer; kind: FileKind }>();
  found.entries.forEach((e, i) => {
    if (e.condition === 'good') return;
    const file = found.photos.get(i);
    const problem = reported.find((p) => p.id === e.problemId);
    if ((!file || file.buffer.length === 0) && problem && (problem.photo_path || e.condition === 'lost')) return;
    const what = e.tag ? tidyTag(e.tag) : `the ${RETURN_CONDITION_LABELS[e.condition].toLowerCase()} items`;
    if (!file || file.buffer.length === 0) throw badRequest(MSG.conditionPhotoRequired(what), 'photo_required');
    if (!file.kind || !PROOF_IMAGE_KINDS.includes(file.kind)) throw badRequest(MSG.proofInvalidType, 'invalid_file_type');
    out.set(i, { buffer: file.buffer, kind: file.kind as FileKind });
  });
  return out;
}

/** The feed entry and notices of a verification: what was found, or (no findings) that everything came back good. */
export function tellChecked(
  ctx: Ctx,
  trx: Db,
  actor: Account,
  request: BorrowRequest,
  borrower: string,
  findings: Awaited<ReturnType<typeof checkIn>>,
  plain = say.returnConfirmed,
) {
  const texts = findings
    ? say.returnChecked(actor.full_name, request.id, borrower, findings)
    : plain(actor.full_name, request.id, borrower);
  return ctx.activity.tell(about(actor, request), texts, trx);
}

/**
 * Saves the photos of findings not good (before the transaction); removes them again if it fails. A finding that
 * names a problem the borrower reported may come without its own photo (docs/decisions/loan-problems.md).
 */
export async function withPhotos<T>(ctx: Ctx, id: number, found: Findings | null, work: (saved: Saved) => Promise<T>): Promise<T> {
  // Read before the transaction: on SQLite's one connection ctx.db inside it would wait for ever.
  const reported = found ? await openProblemsOf(ctx.db, id) : [];
  const photos = found ? checkPhotos(found, reported) : new Map<number, { buffer: Buffer; kind: FileKind }>();
  const settings = found ? await ctx.settings.getAll(['office_name', 'damage_trades']) : null;
  const saved = new Map<number, string>();
  try {
    for (const [i, photo] of photos) saved.set(i, await ctx.files.save('returns', photo));
    return await work({ photos: saved, settings });
  } catch (err) {
    for (const path of saved.values()) await ctx.files.remove(path);
    throw err;
  }
}

export type Saved = { photos: Map<number, string>; settings: Record<'office_name' | 'damage_trades', string> | null };

/**
 * Checks a scope in (docs/decisions/return-conditions.md, partial-returns.md): without findings everything good,
 * back to stock and units available; with them each thing goes where its condition says and damage opens a repair.
 * Answers the findings in words, or null when everything was good without findings.
 */
export async function checkIn(
  ctx: Ctx,
  trx: Db,
  actor: Account,
  request: BorrowRequest,
  scope: Scope,
  found: Findings | null,
  saved: Saved,
) {
  const { settings } = saved;
  const within = { tags: new Set(scope.lent.map((u) => u.tag)), lineIds: new Set(scope.lines.map((l) => l.id)) };
  if (!found || !settings) {
    await restockScope(trx, request.id, actor.id, scope);
    await resolveProblems(trx, request.id, actor.id, false, within);
    return null;
  }
  const checked = checkFindings(scope.lines, scope.lent, found.entries);
  // docs/decisions/loan-problems.md: a finding naming a reported problem takes its photo when it brings none.
  const fromProblems = problemPhotos(await openProblemsOf(trx, request.id), found.entries);
  const findings = await applyFindings(ctx, trx, actor, checked, {
    request,
    lines: scope.lines,
    lent: scope.lent,
    photos: new Map([...fromProblems, ...saved.photos]),
    trades: readDamageTrades(settings.damage_trades),
    officeName: settings.office_name,
  });
  await resolveProblems(trx, request.id, actor.id, true, within);
  return findings;
}

/** Everything good: the scope's quantities back on the shelf, its units checked back in. */
async function restockScope(trx: Db, requestId: number, actorId: number, scope: Scope) {
  const at = now();
  for (const line of scope.lines) {
    if (line.item_id !== null && line.quantity_approved > 0)
      await returnToStock(trx, line.item_id, line.quantity_approved, { actorId, requestId });
    const lent = scope.lent.filter((u) => u.line_id === line.id);
    if (!lent.length) continue;
    await trx
      .updateTable('borrow_line_units')
      .set({ returned_at: at })
      .where(
        'id',
        'in',
        lent.map((u) => u.id),
      )
      .execute();
    const unitIds = lent.flatMap((u) => (u.unit_id === null ? [] : [u.unit_id]));
    if (line.item_id !== null && unitIds.length) await checkInUnits(trx, actorId, line.item_id, unitIds, requestId);
  }
}
