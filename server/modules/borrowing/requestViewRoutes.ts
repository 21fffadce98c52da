import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { borrowingEndpoints as ep } from '../../../core/borrowing/endpoints';
import type { Ctx } from '../../context';
import { PROBLEM_MSG } from '../../../core/borrowing/problems';
import { requestCode } from '../../../core/borrowing/rules';
import { MSG } from '../../../core/messages';
import { OFFICE_ROLES } from '../../../core/roles';
import { notFound } from '../../errors';
import { sendUpload } from '../../lib/uploads';
import { sendPdf } from '../../lib/pdfDocument';
import { issueSlipPdf } from './issueSlip';
import { requireAccount } from '../../plugins/auth';
import { today } from './moves';
import { problemPhotoOf, problemsOf } from './problems';
import { findRequest, proofOf } from './queries';
import { conditionPhotoOf, conditionsOf } from './returnConditions';
import { batchProofOf } from './returns';
import { route } from './routeKit';

/** One request, for its owner or the office, and its files: the return proofs, the findings' and the problems' photos. */
export function requestViewRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** Users may only see their own requests; the office sees all. Someone else's answers 404. */
  const visibleTo = (req: FastifyRequest, accountId: number | null) => {
    const me = requireAccount(req);
    return OFFICE_ROLES.includes(me.role) || accountId === me.id;
  };

  r.route({
    ...route(ep.one),
    handler: async (req) => {
      const request = await findRequest(ctx.db, req.params.id, today(ctx));
      if (!request || !visibleTo(req, request.requesterId)) throw notFound(MSG.requestNotFound);
      return { request, conditions: await conditionsOf(ctx.db, request.id), problems: await problemsOf(ctx.db, request.id) };
    },
  });

  r.route({
    ...route(ep.issueSlip),
    handler: async (req, reply) => {
      const request = await findRequest(ctx.db, req.params.id, today(ctx));
      if (!request || !visibleTo(req, request.requesterId)) throw notFound(MSG.requestNotFound);
      return sendPdf(reply, `issue-slip-${requestCode(request.id)}.pdf`, await issueSlipPdf(ctx, request));
    },
  });

  r.route({
    ...route(ep.proof),
    handler: async (req, reply) => {
      const row = await proofOf(ctx.db, req.params.id);
      if (!row || !visibleTo(req, row.account_id)) throw notFound(MSG.requestNotFound);
      const file = row.proof_path ? await ctx.files.read(row.proof_path) : null;
      if (!file) throw notFound(MSG.noProof);
      return sendUpload(reply, file, req.query.w, { name: `proof_${requestCode(req.params.id)}` });
    },
  });

  r.route({
    ...route(ep.conditionPhoto),
    handler: async (req, reply) => {
      const row = await conditionPhotoOf(ctx.db, req.params.id, req.params.conditionId);
      if (!row || !visibleTo(req, row.account_id)) throw notFound(MSG.requestNotFound);
      const file = row.photo_path ? await ctx.files.read(row.photo_path) : null;
      if (!file) throw notFound(MSG.noProof);
      return sendUpload(reply, file, req.query.w, { name: `return_${requestCode(req.params.id)}_${req.params.conditionId}` });
    },
  });

  r.route({
    ...route(ep.problemPhoto),
    handler: async (req, reply) => {
      const row = await problemPhotoOf(ctx.db, req.params.id, req.params.problemId);
      if (!row || !visibleTo(req, row.account_id)) throw notFound(PROBLEM_MSG.problemNotFound);
      const file = row.photo_path ? await ctx.files.read(row.photo_path) : null;
      if (!file) throw notFound(PROBLEM_MSG.noPhoto);
      return sendUpload(reply, file, req.query.w, { name: `problem_${requestCode(req.params.id)}_${req.params.problemId}` });
    },
  });

  r.route({
    ...route(ep.batchProof),
    handler: async (req, reply) => {
      const row = await batchProofOf(ctx.db, req.params.id, req.params.batchId);
      if (!row || !visibleTo(req, row.account_id)) throw notFound(MSG.requestNotFound);
      const file = row.proof_path ? await ctx.files.read(row.proof_path) : null;
      if (!file) throw notFound(MSG.noProof);
      return sendUpload(reply, file, req.query.w, { name: `proof_${requestCode(req.params.id)}_${req.params.batchId}` });
    },
  });
}
