/**
 * Problems reported during a loan (docs/decisions/loan-problems.md): the borrower says a unit or a quantity they hold
 * is broken or missing; the office is told at once; verifying the return takes each one up as a finding (the photo
 * carried over), and marks it resolved with that finding.
 */
import type { FastifyRequest } from 'fastify';
import type { ConditionEntry } from '../../../core/borrowing/conditionSchemas';
import * as say from '../../../core/borrowing/notices';
import { PROBLEM_CONDITION, PROBLEM_MSG, problemForm, type ProblemKind } from '../../../core/borrowing/problems';
import { firstError } from '../../../core/common/forms';
import { problemFields, type LoanProblemDto, type ProblemFields } from '../../../core/borrowing/problemSchemas';
import { canDo } from '../../../core/borrowing/rules';
import { PROOF_IMAGE_KINDS, type FileKind } from '../../../core/files';
import { tidyTag } from '../../../core/inventory/units';
import { SUPPLY_MSG } from '../../../core/inventory/supplies';
import { MSG } from '../../../core/messages';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import type { Account } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { eachPart, readUpload, type ReadFile } from '../../lib/uploads';

const now = () => new Date().toISOString();

/** The report's fields and its "photo" file part (other files are drained); not multipart is a 400. */
export async function readProblem(req: FastifyRequest): Promise<{ fields: ProblemFields; file: ReadFile | null }> {
  if (!req.isMultipart()) throw badRequest(PROBLEM_MSG.formRequired, 'invalid_input');
  const raw: Record<string, string> = {};
  let file: ReadFile | null = null;
  await eachPart(req, async (part) => {
    if (part.type === 'field') {
      if (typeof part.value === 'string' && ['tag', 'lineId', 'quantity', 'kind', 'description'].includes(part.fieldname))
        raw[part.fieldname] = part.value;
      return;
    }
    if (part.fieldname === 'photo' && !file) file = await readUpload(part, MSG.proofTooLarge);
    else await part.toBuffer().catch(() => undefined);
  });
  const parsed = problemFields.safeParse({
    ...raw,
    tag: raw.tag || undefined,
    lineId: raw.lineId || undefined,
    quantity: raw.quantity || undefined,
  });
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? PROBLEM_MSG.descriptionRequired, 'invalid_input');
  return { fields: parsed.data, file };
}

/** Whether the caller may report on this request now: 404 when it is not theirs, 409 when it is not out on loan. */
export async function assertReportable(ctx: Ctx, me: Account, id: number): Promise<void> {
  const current = await ctx.db.selectFrom('borrow_requests').select(['account_id', 'status']).where('id', '=', id).executeTakeFirst();
  if (!current || current.account_id !== me.id) throw notFound(MSG.requestNotFound);
  if (!canDo('return', current.status)) throw conflict(PROBLEM_MSG.notOut, 'wrong_state');
}

/**
 * The borrower reports a problem: only theirs, only while approved (out on loan), only what was lent and not back,
 * a unit not already reported open (409), a counted quantity within what is lent and not already reported (409). A
 * broken thing needs a photo (sniffed and re-encoded, as return proofs). One transaction, guarded by the request's
 * status read in it; the office's feed (its bell) gets the entry, and those who asked a mail.
 */
export async function reportProblem(ctx: Ctx, me: Account, id: number, fields: ProblemFields, file: ReadFile | null): Promise<void> {
  const hasFile = file !== null && file.buffer.length > 0;
  const problem = firstError(problemForm(), { ...fields, photo: hasFile });
  if (problem) throw badRequest(problem, problem === PROBLEM_MSG.photoRequired ? 'photo_required' : 'invalid_input');
  if (hasFile && (!file!.kind || !PROOF_IMAGE_KINDS.includes(file!.kind))) throw badRequest(MSG.proofInvalidType, 'invalid_file_type');
  await assertReportable(ctx, me, id);

  const path = hasFile ? await ctx.files.save('problems', { buffer: file!.buffer, kind: file!.kind as FileKind }) : null;
  let what = '';
  try {
    await ctx.db.transaction().execute(async (trx) => {
      // Lock the request's row (PostgreSQL) so two reports of the same unit serialize; SQLite has one writer.
      let lock = trx
        .selectFrom('borrow_requests')
        .select('id')
        .where('id', '=', id)
        .where('account_id', '=', me.id)
        .where('status', '=', 'approved');
      if (ctx.dialect === 'postgres') lock = lock.forUpdate();
      const request = await lock.executeTakeFirst();
      if (!request) throw conflict(PROBLEM_MSG.notOut, 'wrong_state');
      const lines = await trx
        .selectFrom('borrow_request_items')
        .select(['id', 'item_name', 'quantity_approved', 'supply'])
        .where('request_id', '=', id)
        .execute();
      const lent = await trx
        .selectFrom('borrow_line_units')
        .select(['line_id', 'unit_id', 'tag'])
        .where('line_id', 'in', lines.length ? lines.map((l) => l.id) : [0])
        .where('returned_at', 'is', null)
        .execute();
      const open = await trx
        .selectFrom('loan_problems')
        .select(['line_id', 'tag', 'quantity'])
        .where('request_id', '=', id)
        .where('resolved_at', 'is', null)
        .execute();
      let row: { line_id: number; unit_id: number | null; tag: string | null; quantity: number };
      if (fields.tag) {
        const tag = tidyTag(fields.tag);
        const unit = lent.find((u) => u.tag === tag);
        if (!unit) throw badRequest(PROBLEM_MSG.unitNotLent(tag), 'unit_not_on_loan');
        const name = lines.find((l) => l.id === unit.line_id)!.item_name;
        what = `${name} ${tag}`;
        if (open.some((p) => p.tag === tag)) throw conflict(PROBLEM_MSG.alreadyReported(what), 'problem_already_reported');
        row = { line_id: unit.line_id, unit_id: unit.unit_id, tag, quantity: 1 };
      } else {
        const line = lines.find((l) => l.id === fields.lineId);
        if (!line || line.quantity_approved === 0) throw badRequest(PROBLEM_MSG.lineNotLent, 'line_not_lent');
        if (line.supply === 1) throw badRequest(SUPPLY_MSG.supplyNotReported, 'line_not_lent');
        if (lent.some((u) => u.line_id === line.id)) throw badRequest(PROBLEM_MSG.lineTracked(line.item_name), 'unit_required');
        if (fields.quantity === undefined) throw badRequest(PROBLEM_MSG.quantityRequired(line.item_name), 'invalid_input');
        const left = line.quantity_approved - open.filter((p) => p.line_id === line.id).reduce((n, p) => n + p.quantity, 0);
        if (fields.quantity > left) throw conflict(PROBLEM_MSG.quantityOver(line.item_name, left), 'problem_already_reported');
        what = `${fields.quantity} × ${line.item_name}`;
        row = { line_id: line.id, unit_id: null, tag: null, quantity: fields.quantity };
      }
      await trx
        .insertInto('loan_problems')
        .values({
          request_id: id,
          ...row,
          kind: fields.kind,
          description: fields.description,
          photo_path: path,
          reported_by: me.id,
          created_at: now(),
          resolved_at: null,
          resolved_by: null,
          condition_id: null,
        })
        .execute();
      await ctx.activity.record(
        { actorId: me.id, subjectId: me.id, entity: { type: 'borrow_request', id } },
        say.problemReported(me.full_name, id, what, fields.kind, fields.description),
        trx,
      );
    });
  } catch (err) {
    if (path) await ctx.files.remove(path);
    throw err;
  }
  ctx.activity.officeAlert(say.officeProblemReported(me.full_name, id, what, fields.kind, fields.description), {
    type: 'borrow_request',
    id,
  })();
}

// ---- the verification takes them up ----

export interface OpenProblem {
  id: number;
  line_id: number;
  tag: string | null;
  kind: string;
  photo_path: string | null;
}

/** A request's open problems (not yet taken up by a verification). */
export const openProblemsOf = (db: Db, requestId: number): Promise<OpenProblem[]> =>
  db
    .selectFrom('loan_problems')
    .select(['id', 'line_id', 'tag', 'kind', 'photo_path'])
    .where('request_id', '=', requestId)
    .where('resolved_at', 'is', null)
    .orderBy('id')
    .execute();

/**
 * The findings that name a problem (`problemId`): it must be open on this request and about the same unit (tag) or
 * counted line (400 `problem_mismatch` otherwise). Answers the problem's photo for each such entry by its index.
 */
export function problemPhotos(open: OpenProblem[], entries: ConditionEntry[]): Map<number, string> {
  const out = new Map<number, string>();
  entries.forEach((e, i) => {
    if (e.problemId === undefined) return;
    const p = open.find((x) => x.id === e.problemId);
    const same = p && (p.tag !== null ? e.tag !== undefined && tidyTag(e.tag) === p.tag : e.tag === undefined && e.lineId === p.line_id);
    if (!p || !same) throw badRequest(PROBLEM_MSG.problemMismatch, 'problem_mismatch');
    if (p.photo_path) out.set(i, p.photo_path);
  });
  return out;
}

/**
 * The verification took the return up: each open problem is resolved with the finding it became, the latest of
 * its unit (tracked) or of its line, preferring the condition its kind pre-fills (counted lines split by
 * condition). A problem whose thing has no finding (not part of this verification) stays open.
 */
export async function resolveProblems(
  trx: Db,
  requestId: number,
  actorId: number,
  withFindings: boolean,
  within?: { tags: Set<string>; lineIds: Set<number> },
): Promise<void> {
  const open = await openProblemsOf(trx, requestId);
  if (!open.length) return;
  const at = now();
  const found = withFindings
    ? await trx
        .selectFrom('return_conditions')
        .select(['id', 'line_id', 'tag', 'condition'])
        .where('request_id', '=', requestId)
        .orderBy('id', 'desc')
        .execute()
    : [];
  for (const p of open) {
    // A partial return's verification takes up only the problems of what that return brought back.
    if (within && !(p.tag !== null ? within.tags.has(p.tag) : within.lineIds.has(p.line_id))) continue;
    let conditionId: number | null = null;
    if (withFindings) {
      const mine = found.filter((f) => (p.tag !== null ? f.tag === p.tag : f.line_id === p.line_id && f.tag === null));
      const match = mine.find((f) => f.condition === PROBLEM_CONDITION[p.kind as ProblemKind]) ?? mine[0];
      if (!match) continue;
      conditionId = match.id;
    }
    await trx
      .updateTable('loan_problems')
      .set({ resolved_at: at, resolved_by: actorId, condition_id: conditionId })
      .where('id', '=', p.id)
      .where('resolved_at', 'is', null)
      .execute();
  }
}

// ---- reading them ----

/** A request's problems, as the request shows them (its owner and the office), in the order they were reported. */
export async function problemsOf(db: Db, requestId: number): Promise<LoanProblemDto[]> {
  const rows = await db
    .selectFrom('loan_problems as lp')
    .innerJoin('borrow_request_items as bri', 'bri.id', 'lp.line_id')
    .leftJoin('accounts as a', 'a.id', 'lp.reported_by')
    .select([
      'lp.id',
      'lp.line_id',
      'bri.item_name',
      'lp.tag',
      'lp.quantity',
      'lp.kind',
      'lp.description',
      'lp.photo_path',
      'a.full_name',
      'lp.created_at',
      'lp.resolved_at',
      'lp.condition_id',
    ])
    .where('lp.request_id', '=', requestId)
    .orderBy('lp.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    lineId: r.line_id,
    itemName: r.item_name,
    tag: r.tag,
    quantity: r.quantity,
    kind: r.kind as ProblemKind,
    description: r.description,
    photoUrl: r.photo_path ? `/api/borrow-requests/${requestId}/problems/${r.id}/photo` : null,
    reportedBy: r.full_name ?? MSG.deletedUser,
    createdAt: r.created_at,
    resolvedAt: r.resolved_at,
    conditionId: r.condition_id,
  }));
}

/** A problem's photo with the request's borrower, for the photo route's check. */
export const problemPhotoOf = (db: Db, requestId: number, problemId: number) =>
  db
    .selectFrom('loan_problems as lp')
    .innerJoin('borrow_requests as br', 'br.id', 'lp.request_id')
    .select(['br.account_id', 'lp.photo_path'])
    .where('lp.id', '=', problemId)
    .where('lp.request_id', '=', requestId)
    .executeTakeFirst();
