import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountEndpoints as ep } from '../../../core/accounts/endpoints';
import { DECISION_DONE } from '../../../core/accounts/notices';
import type { RegistrationDecision } from '../../../core/accounts/rules';
import { MSG } from '../../../core/messages';
import type { Ctx } from '../../context';
import { notFound } from '../../errors';
import { sendUpload } from '../../lib/uploads';
import { requireAccount } from '../../plugins/auth';
import { routesOf } from '../../plugins/endpoint';
import { idFileOf, listAccounts, toAccountDto } from './queries';
import { plural } from '../../../core/format';
import { addPersonnel } from './addAccount';
import { liftBorrowHold, placeBorrowHold } from './borrowHolds';
import { setAccountActive } from './deactivation';
import { deleteAccountAsAdmin, deleteOwnAccount } from './deletion';
import { editAccount } from './editAccount';
import { updateProfile } from './profile';
import { decideRegistration } from './registration';
import { deactivateLeavers, importFromRegistrar } from './registrarAccounts';
import { runTermSweep, termSweepPreview } from './termSweep';

const route = routesOf('accounts');

export async function accountRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({ ...route(ep.list), handler: async (req) => listAccounts(ctx, req.query) });

  // The end-of-term sweep (docs/decisions/campus-sign-in.md).
  r.route({ ...route(ep.termSweepPreview), handler: async (req) => termSweepPreview(ctx, req.body) });
  r.route({
    ...route(ep.termSweep),
    handler: async (req) => {
      const { deactivated, held } = await runTermSweep(ctx, requireAccount(req), req.body.ids);
      const message = `${plural(deactivated, 'account')} deactivated${held.length ? `; ${plural(held.length, 'person', 'people')} still hold items or repairs and stay active until they return` : ''}.`;
      return { message, deactivated, held };
    },
  });

  // Accounts from the registrar (docs/decisions/registrar-accounts.md): 5,000 rows are about a megabyte of JSON.
  r.route({
    ...route(ep.bulk),
    bodyLimit: 8 * 1024 * 1024,
    handler: async (req) => importFromRegistrar(ctx, requireAccount(req), req.body),
  });
  r.route({
    ...route(ep.bulkDeactivate),
    bodyLimit: 8 * 1024 * 1024,
    handler: async (req) => deactivateLeavers(ctx, requireAccount(req), req.body.emails),
  });

  const decide = (decision: RegistrationDecision) =>
    r.route({
      ...route(decision === 'accept' ? ep.accept : ep.reject),
      handler: async (req) => {
        const status = await decideRegistration(ctx, requireAccount(req), req.params.id, decision);
        return { message: DECISION_DONE[decision], data: { status } };
      },
    });
  decide('accept');
  decide('reject');

  r.route({
    ...route(ep.idFile),
    handler: async (req, reply) => {
      const path = await idFileOf(ctx.db, req.params.id);
      const file = path ? await ctx.files.read(path) : null;
      if (!file) throw notFound(MSG.noIdFile);
      return sendUpload(reply, file, req.query.w);
    },
  });

  r.route({
    ...route(ep.updateProfile),
    handler: async (req) => {
      const { account, emailChanged } = await updateProfile(ctx, requireAccount(req), req.body);
      return { message: emailChanged ? MSG.emailChangedVerify : MSG.profileUpdated, account: toAccountDto(account) };
    },
  });

  r.route({
    ...route(ep.deleteOwn),
    handler: async (req, reply) => {
      await deleteOwnAccount(ctx, requireAccount(req));
      await ctx.sessions.endSession(req, reply);
      return { message: MSG.accountDeleted };
    },
  });

  r.route({
    ...route(ep.addPersonnel),
    handler: async (req, reply) => {
      const account = await addPersonnel(ctx, requireAccount(req), req.body);
      return reply.status(201).send({ message: MSG.personnelAdded, account: toAccountDto(account) });
    },
  });

  r.route({
    ...route(ep.edit),
    handler: async (req) => {
      const account = await editAccount(ctx, requireAccount(req), req.params.id, req.body);
      return { message: MSG.userUpdated, account: toAccountDto(account) };
    },
  });

  const activation = (active: boolean) =>
    r.route({
      ...route(active ? ep.reactivate : ep.deactivate),
      handler: async (req) => {
        const account = await setAccountActive(ctx, requireAccount(req), req.params.id, active);
        return { message: active ? MSG.userReactivated : MSG.userDeactivated, account: toAccountDto(account) };
      },
    });
  activation(false);
  activation(true);

  r.route({
    ...route(ep.placeBorrowHold),
    handler: async (req) => {
      const account = await placeBorrowHold(ctx, requireAccount(req), req.params.id, req.body);
      return { message: MSG.borrowHoldPlaced, account: toAccountDto(account) };
    },
  });

  r.route({
    ...route(ep.liftBorrowHold),
    handler: async (req) => {
      const account = await liftBorrowHold(ctx, requireAccount(req), req.params.id);
      return { message: MSG.borrowHoldLifted, account: toAccountDto(account) };
    },
  });

  r.route({
    ...route(ep.remove),
    handler: async (req) => {
      await deleteAccountAsAdmin(ctx, requireAccount(req), req.params.id);
      return { message: MSG.userDeleted };
    },
  });
}
