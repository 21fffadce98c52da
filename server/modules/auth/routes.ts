import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addedAccount,
  addUserBody,
  forgotPasswordBody,
  passwordChangeBody,
  resetLinkBody,
  resetLinkStatus,
  resetPasswordBody,
  resetPasswordResult,
} from '../../../core/accounts/schemas';
import { codeSent, loginBody, me, signedIn, verificationStatus, verifyEmailBody } from '../../../core/auth/schemas';
import { hasNul, messageResult, NUL_MESSAGE } from '../../../core/common/schemas';
import { MSG } from '../../../core/messages';
import { ROLES, STAFF_ROLES } from '../../../core/roles';
import type { Ctx } from '../../context';
import { badRequest, HttpError } from '../../errors';
import { eachPart, readUpload, type ReadFile } from '../../lib/uploads';
import { requireAccount } from '../../plugins/auth';
import { toAccountDto } from '../accounts/queries';
import {
  addUserWithWelcome,
  admitRegistration,
  changePassword,
  register,
  requestPasswordReset,
  resetLinkIsValid,
  resetPassword,
  REGISTRATION_FIELDS,
  resendCode,
  signIn,
  TICKET_MINUTES,
  verificationStatus as statusOf,
  verifyEmail,
  type RegistrationFields,
} from './service';

const TAGS = ['auth'];
/** The verification ticket: set by the sign-in that proved the password, needed to submit or request codes. */
const TICKET_COOKIE = 'gso_verify';

/**
 * The registration's fields and its "id_file" from a multipart body; other parts are drained. A field holding
 * a NUL character is refused, as every text the API takes (core/common/schemas.ts).
 */
async function readRegistration(req: FastifyRequest): Promise<{ fields: RegistrationFields; file: ReadFile | 'too large' | null }> {
  if (!req.isMultipart()) throw badRequest('Send the registration as multipart/form-data with the ID file.');
  const fields: RegistrationFields = {};
  let file: ReadFile | 'too large' | null = null;
  let withNul: string | null = null;
  await eachPart(req, async (part) => {
    if (part.type === 'file') {
      if (part.fieldname !== 'id_file' || file) {
        await part.toBuffer().catch(() => undefined);
        return;
      }
      try {
        file = await readUpload(part, MSG.idFileSize);
      } catch (err) {
        if (!(err instanceof HttpError && err.statusCode === 413)) throw err;
        file = 'too large';
      }
    } else if ((REGISTRATION_FIELDS as readonly string[]).includes(part.fieldname)) {
      const value = String(part.value ?? '');
      if (hasNul(value)) withNul ??= part.fieldname;
      fields[part.fieldname as keyof RegistrationFields] = value;
    }
  });
  if (withNul) throw badRequest(`${withNul}: ${NUL_MESSAGE}`);
  return { fields, file };
}

export async function authRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/auth/register',
    {
      config: { access: 'public' },
      schema: {
        tags: TAGS,
        summary:
          'Register a student or faculty account: multipart with full_name, email, contact_number, password, confirm_password, role and the ID in "id_file" (JPEG, PNG or PDF, under 5 MB)',
        consumes: ['multipart/form-data'],
        response: { 201: messageResult },
      },
    },
    async (req, reply) => {
      await admitRegistration(ctx, req.ip);
      const { fields, file } = await readRegistration(req);
      await register(ctx, fields, file);
      return reply.status(201).send({ message: MSG.registrationSuccess });
    },
  );

  r.post(
    '/api/auth/login',
    {
      config: { access: 'public' },
      schema: { tags: TAGS, summary: 'Sign in at one portal', body: loginBody, response: { 200: signedIn } },
    },
    async (req, reply) => {
      const result = await signIn(ctx, req.body, req.ip);
      if (result.verify) {
        reply.setCookie(TICKET_COOKIE, result.verify.ticket, {
          path: '/api/auth/',
          httpOnly: true,
          sameSite: 'strict',
          secure: ctx.config.cookieSecure,
          maxAge: TICKET_MINUTES * 60,
        });
        throw result.verify.error;
      }
      const { account } = result;
      await ctx.sessions.startSession(req, reply, account.id, req.body.remember);
      return { message: MSG.loginSuccess, account: toAccountDto(account) };
    },
  );

  r.post(
    '/api/auth/verify-email',
    {
      config: { access: 'public', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: { tags: TAGS, summary: 'Check an email verification code and sign in', body: verifyEmailBody, response: { 200: signedIn } },
    },
    async (req, reply) => {
      const { account, remember } = await verifyEmail(ctx, req.cookies[TICKET_COOKIE], req.body.code);
      reply.clearCookie(TICKET_COOKIE, { path: '/api/auth/' });
      await ctx.sessions.startSession(req, reply, account.id, remember);
      return { message: MSG.emailVerified, account: toAccountDto(account) };
    },
  );

  r.post(
    '/api/auth/send-verification',
    {
      config: { access: 'public', rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: { tags: TAGS, summary: 'Send a new verification code (needs the sign-in ticket)', response: { 200: codeSent } },
    },
    async (req) => resendCode(ctx, req.cookies[TICKET_COOKIE], req.ip),
  );

  r.get(
    '/api/auth/verification',
    {
      config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: TAGS,
        summary: 'Where the pending verification stands (needs the sign-in ticket)',
        response: { 200: verificationStatus },
      },
    },
    async (req) => statusOf(ctx, req.cookies[TICKET_COOKIE]),
  );

  r.post(
    '/api/auth/logout',
    {
      config: { access: 'public' },
      schema: { tags: TAGS, summary: 'Sign out (ends the session on the server)', response: { 200: messageResult } },
    },
    async (req, reply) => {
      await ctx.sessions.endSession(req, reply);
      return { message: 'Signed out' };
    },
  );

  r.get(
    '/api/auth/me',
    {
      config: { access: ROLES },
      schema: { tags: TAGS, summary: 'The signed-in account', response: { 200: me } },
    },
    async (req) => ({ account: toAccountDto(requireAccount(req)) }),
  );

  r.put(
    '/api/auth/password',
    {
      config: { access: ROLES },
      schema: {
        tags: TAGS,
        summary: 'Change one’s password (the current one is checked); every other session of the account ends',
        body: passwordChangeBody,
        response: { 200: messageResult },
      },
    },
    async (req) => {
      await changePassword(ctx, requireAccount(req), req.sessionId, req.body);
      return { message: MSG.passwordUpdated };
    },
  );

  r.post(
    '/api/auth/forgot-password',
    {
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: TAGS,
        summary: 'Mail a one-time link to set a new password; the answer is the same whether or not the email has an account',
        body: forgotPasswordBody,
        response: { 200: messageResult },
      },
    },
    async (req) => {
      await requestPasswordReset(ctx, req.body.email, req.ip);
      return { message: MSG.resetLinkSent };
    },
  );

  r.post(
    '/api/auth/reset-password/check',
    {
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { tags: TAGS, summary: 'Whether a password link can still be used', body: resetLinkBody, response: { 200: resetLinkStatus } },
    },
    async (req) => ({ valid: await resetLinkIsValid(ctx, req.body.token) }),
  );

  r.post(
    '/api/auth/reset-password',
    {
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: TAGS,
        summary: 'Set a new password with a one-time link; every session of the account ends',
        body: resetPasswordBody,
        response: { 200: resetPasswordResult },
      },
    },
    async (req) => ({ message: MSG.passwordReset, portal: await resetPassword(ctx, req.body) }),
  );

  // Add User is the accounts module's account and this module's emailed link to choose a password.
  r.post(
    '/api/accounts',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: ['accounts'],
        summary:
          'Add a student, faculty member, personnel member or administrator; they choose their password from an emailed one-time link',
        body: addUserBody,
        response: { 201: addedAccount },
      },
    },
    async (req, reply) => {
      const account = await addUserWithWelcome(ctx, requireAccount(req), req.body);
      return reply.status(201).send({ message: MSG.userAdded, account: toAccountDto(account) });
    },
  );
}
