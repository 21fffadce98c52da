import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DECISION_DONE } from '../../../core/accounts/notices';
import type { RegistrationDecision } from '../../../core/accounts/rules';
import { accountList, accountListQuery, decisionResult } from '../../../core/accounts/schemas';
import { fileQuery, fileResponse, idParams } from '../../../core/common/schemas';
import { FILE_KIND_MIME, ID_FILE_KINDS } from '../../../core/files';
import { MSG } from '../../../core/messages';
import { STAFF_ROLES } from '../../../core/roles';
import type { Ctx } from '../../context';
import { notFound } from '../../errors';
import { sendUpload } from '../../lib/uploads';
import { requireAccount } from '../../plugins/auth';
import { idFileOf, listAccounts } from './queries';
import { decideRegistration } from './service';

const TAGS = ['accounts'];

export async function accountRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/accounts',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: TAGS,
        summary: 'List accounts of one kind; pending registrations first',
        querystring: accountListQuery,
        response: { 200: accountList },
      },
    },
    async (req) => listAccounts(ctx, req.query),
  );

  const decide = (decision: RegistrationDecision, summary: string) =>
    r.post(
      `/api/accounts/:id/${decision}`,
      {
        config: { access: STAFF_ROLES },
        schema: { tags: TAGS, summary, params: idParams, response: { 200: decisionResult } },
      },
      async (req) => {
        const status = await decideRegistration(ctx, requireAccount(req), req.params.id, decision);
        return { message: DECISION_DONE[decision], data: { status } };
      },
    );
  decide('accept', 'Accept a pending registration');
  decide('reject', 'Reject a pending registration (its ID file is deleted)');

  r.get(
    '/api/accounts/:id/id-file',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: TAGS,
        summary: 'The ID a registrant submitted (admins only); ?w= scales an image down',
        params: idParams,
        querystring: fileQuery,
        response: {
          200: fileResponse(
            'The ID file',
            ID_FILE_KINDS.map((k) => FILE_KIND_MIME[k]),
          ),
        },
      },
    },
    async (req, reply) => {
      const path = await idFileOf(ctx.db, req.params.id);
      const file = path ? await ctx.files.read(path) : null;
      if (!file) throw notFound(MSG.noIdFile);
      return sendUpload(reply, file, req.query.w);
    },
  );
}
