import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DECISION_DONE } from '../../../core/accounts/notices';
import type { RegistrationDecision } from '../../../core/accounts/rules';
import {
  accountList,
  accountListQuery,
  addedAccount,
  addPersonnelBody,
  decisionResult,
  editedAccount,
  editUserBody,
  profileBody,
  profileResult,
} from '../../../core/accounts/schemas';
import { fileQuery, fileResponse, idParams, messageResult } from '../../../core/common/schemas';
import { FILE_KIND_MIME, ID_FILE_KINDS } from '../../../core/files';
import { MSG } from '../../../core/messages';
import { ROLES, STAFF_ROLES, USER_ROLES } from '../../../core/roles';
import type { Ctx } from '../../context';
import { notFound } from '../../errors';
import { sendUpload } from '../../lib/uploads';
import { requireAccount } from '../../plugins/auth';
import { idFileOf, listAccounts, toAccountDto } from './queries';
import {
  addPersonnel,
  decideRegistration,
  deleteAccountAsAdmin,
  deleteOwnAccount,
  editAccount,
  setAccountActive,
  updateProfile,
} from './service';

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

  r.put(
    '/api/me/profile',
    {
      config: { access: ROLES },
      schema: {
        tags: TAGS,
        summary:
          'Change one’s own name, email and contact number (and job type, for personnel); a new email is verified at the next sign-in',
        body: profileBody,
        response: { 200: profileResult },
      },
    },
    async (req) => {
      const { account, emailChanged } = await updateProfile(ctx, requireAccount(req), req.body);
      return { message: emailChanged ? MSG.emailChangedVerify : MSG.profileUpdated, account: toAccountDto(account) };
    },
  );

  r.delete(
    '/api/me',
    {
      // docs/decisions/account-deletion.md: users and personnel may leave; administrators are removed by another administrator.
      config: { access: [...USER_ROLES, 'personnel'] },
      schema: {
        tags: TAGS,
        summary:
          'Delete one’s own account (refused while borrowed items are out or repairs are in progress); history stays as "Deleted user"',
        response: { 200: messageResult },
      },
    },
    async (req, reply) => {
      await deleteOwnAccount(ctx, requireAccount(req));
      await ctx.sessions.endSession(req, reply);
      return { message: MSG.accountDeleted };
    },
  );

  r.post(
    '/api/accounts/personnel',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: TAGS,
        summary: 'Add Personnel with a password; they verify their email at the first sign-in',
        body: addPersonnelBody,
        response: { 201: addedAccount },
      },
    },
    async (req, reply) => {
      const account = await addPersonnel(ctx, requireAccount(req), req.body);
      return reply.status(201).send({ message: MSG.personnelAdded, account: toAccountDto(account) });
    },
  );

  r.put(
    '/api/accounts/:id',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: TAGS,
        summary:
          'Edit a person (user management): name, email (unique), contact number, the role within their list (admin or staff; student or faculty) and, for personnel, the job type',
        params: idParams,
        body: editUserBody,
        response: { 200: editedAccount },
      },
    },
    async (req) => {
      const account = await editAccount(ctx, requireAccount(req), req.params.id, req.body);
      return { message: MSG.userUpdated, account: toAccountDto(account) };
    },
  );

  const activation = (active: boolean) =>
    r.post(
      `/api/accounts/:id/${active ? 'reactivate' : 'deactivate'}`,
      {
        config: { access: STAFF_ROLES },
        schema: {
          tags: TAGS,
          summary: active
            ? 'Reactivate a deactivated account: the person can sign in again'
            : 'Deactivate an account (user management): it is signed out and cannot sign in; its history stays. Same rights as deleting; refused while borrowed items are out or repairs are open, and for the last active administrator',
          params: idParams,
          response: { 200: editedAccount },
        },
      },
      async (req) => {
        const account = await setAccountActive(ctx, requireAccount(req), req.params.id, active);
        return { message: active ? MSG.userReactivated : MSG.userDeactivated, account: toAccountDto(account) };
      },
    );
  activation(false);
  activation(true);

  r.delete(
    '/api/accounts/:id',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: TAGS,
        summary:
          'Delete a person (user management): never oneself, never the last administrator, not while they have borrowed items out or repairs in progress; history stays as "Deleted user"',
        params: idParams,
        response: { 200: messageResult },
      },
    },
    async (req) => {
      await deleteAccountAsAdmin(ctx, requireAccount(req), req.params.id);
      return { message: MSG.userDeleted };
    },
  );
}
