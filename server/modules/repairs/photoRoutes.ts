import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG } from '../../../core/messages';
import { repairPhotoEndpoints as ep } from '../../../core/repairs/photoEndpoints';
import { repairCode } from '../../../core/repairs/rules';
import { STAFF_ROLES } from '../../../core/roles';
import type { Ctx } from '../../context';
import { notFound } from '../../errors';
import { eachPart, readUpload, sendUpload, type ReadFile } from '../../lib/uploads';
import { requireAccount } from '../../plugins/auth';
import { routesOf } from '../../plugins/endpoint';
import { attachIssuePhoto } from './issuePhoto';

const route = routesOf('repairs');

/**
 * Who sees a report and its photos and timeline: the office, its reporter, the person assigned, and the people who
 * follow it (they are told its updates, so they see its story as the reporter does).
 */
export async function seesReport(
  ctx: Ctx,
  req: FastifyRequest,
  id: number,
  row: { reporter_id: number | null; assigned_to: number | null },
): Promise<boolean> {
  const me = requireAccount(req);
  if (STAFF_ROLES.includes(me.role) || row.reporter_id === me.id || row.assigned_to === me.id) return true;
  const follows = await ctx.db
    .selectFrom('repair_followers')
    .select('report_id')
    .where('report_id', '=', id)
    .where('account_id', '=', me.id)
    .executeTakeFirst();
  return !!follows;
}

/** The image in the multipart field "photo"; other files are drained. Too large answers 413. */
async function readPhoto(req: FastifyRequest): Promise<ReadFile | null> {
  if (!req.isMultipart()) return null;
  let file: ReadFile | null = null;
  await eachPart(req, async (part) => {
    if (part.type === 'field') return;
    if (part.fieldname === 'photo' && !file) file = await readUpload(part, MSG.proofTooLarge);
    else await part.toBuffer().catch(() => undefined);
  });
  return file;
}

export function repairPhotoRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...route(ep.attachPhoto),
    handler: async (req) => ({
      message: MSG.repairUpdated,
      report: await attachIssuePhoto(ctx, requireAccount(req), req.params.id, await readPhoto(req)),
    }),
  });

  r.route({
    ...route(ep.issuePhoto),
    handler: async (req, reply) => {
      const row = await ctx.db
        .selectFrom('repair_reports')
        .select(['reporter_id', 'assigned_to', 'issue_photo_path'])
        .where('id', '=', req.params.id)
        .executeTakeFirst();
      if (!row || !(await seesReport(ctx, req, req.params.id, row))) throw notFound(MSG.repairNotFound);
      const file = row.issue_photo_path ? await ctx.files.read(row.issue_photo_path) : null;
      if (!file) throw notFound(MSG.noIssuePhoto);
      return sendUpload(reply, file, req.query.w, { name: `problem_${repairCode(req.params.id)}` });
    },
  });
}
