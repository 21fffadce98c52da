/** API tokens for the campus's other systems (docs/decisions/api-tokens.md): made, listed and revoked by administrators. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { firstError } from '../../../core/common/forms';
import { MSG } from '../../../core/messages';
import { startOfDayUtc, addDays, todayIn } from '../../../core/time';
import { tokenEndpoints as ep } from '../../../core/tokens/endpoints';
import { apiTokenForm, AREA_WORDS, LEVEL_WORDS, TOKEN_AREAS, TOKEN_EVENTS, TOKEN_MSG, type TokenScopes } from '../../../core/tokens/rules';
import type { Ctx } from '../../context';
import { badRequest, conflict, notFound } from '../../errors';
import { findApiToken, insertApiToken, listApiTokens, revokeApiToken } from '../../plugins/apiTokens';
import { requireAccount } from '../../plugins/auth';
import { routesOf } from '../../plugins/endpoint';

const route = routesOf('api-tokens');

const scopeWords = (scopes: TokenScopes) =>
  TOKEN_AREAS.filter((a) => scopes[a] !== 'none')
    .map((a) => `${AREA_WORDS[a].label}: ${LEVEL_WORDS[scopes[a]].toLowerCase()}`)
    .join(', ');

export async function tokenRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...route(ep.list),
    handler: async () => ({ items: await listApiTokens(ctx.db, MSG.deletedUser) }),
  });

  r.route({
    ...route(ep.create),
    handler: async (req, reply) => {
      const me = requireAccount(req);
      const tz = ctx.config.campusTimeZone;
      const rule = apiTokenForm(todayIn(tz));
      const problem = firstError(rule, req.body);
      if (problem) throw badRequest(problem);
      const form = rule.parse(req.body);
      const made = await ctx.db.transaction().execute(async (trx) => {
        const token = await insertApiToken(trx, {
          name: form.name,
          scopes: form.scopes,
          createdBy: me.id,
          expiresOn: form.expiresOn,
          expiresAt: startOfDayUtc(addDays(form.expiresOn, 1), tz),
        });
        await ctx.activity.record(
          { actorId: me.id, subjectId: null, entity: null },
          {
            actionType: TOKEN_EVENTS.created,
            description: `${me.full_name} made the API token "${form.name}" (${scopeWords(form.scopes)}), expiring ${form.expiresOn}`,
          },
          trx,
        );
        return token;
      });
      const token = (await findApiToken(ctx.db, made.id, MSG.deletedUser))!;
      return reply.status(201).send({ token, secret: made.secret });
    },
  });

  r.route({
    ...route(ep.revoke),
    handler: async (req) => {
      const me = requireAccount(req);
      const id = req.params.id;
      const revoked = await ctx.db.transaction().execute(async (trx) => {
        const found = await findApiToken(trx, id, MSG.deletedUser);
        if (!found) throw notFound(TOKEN_MSG.notFound);
        if (!(await revokeApiToken(trx, id, me.id))) throw conflict(TOKEN_MSG.alreadyRevoked);
        await ctx.activity.record(
          { actorId: me.id, subjectId: null, entity: null },
          { actionType: TOKEN_EVENTS.revoked, description: `${me.full_name} revoked the API token "${found.name}"` },
          trx,
        );
        return found;
      });
      const token = (await findApiToken(ctx.db, revoked.id, MSG.deletedUser))!;
      return { token, message: `The API token "${token.name}" is revoked: it is refused from now on.` };
    },
  });
}
