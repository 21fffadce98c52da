import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountEndpoints } from '../../../core/accounts/endpoints';
import { authEndpoints as ep } from '../../../core/auth/endpoints';
import { hasNul, NUL_MESSAGE } from '../../../core/common/schemas';
import { MSG } from '../../../core/messages';
import type { Ctx } from '../../context';
import { badRequest, HttpError } from '../../errors';
import { eachPart, readUpload, type ReadFile } from '../../lib/uploads';
import { requireAccount } from '../../plugins/auth';
import { routesOf } from '../../plugins/endpoint';
import { markSignedIn, toAccountDto } from '../accounts';
import { PORTAL_HOME, PORTAL_LOGIN } from '../../../core/roles';
import { CAMPUS_LOGIN_MINUTES, finishCampusSignIn, startCampusSignIn } from './campus';
import {
  addUserWithWelcome,
  changePassword,
  requestPasswordReset,
  resetLinkIsValid,
  resetPassword,
  resendCode,
  signIn,
  TICKET_MINUTES,
  verificationStatus,
  verifyEmail,
} from './service';
import { admitRegistration, register } from './register';
import { REGISTRATION_FIELDS, type RegistrationFields } from './registrationFields';
import type { RefusedFile } from './idFileRefusals';

const route = routesOf('auth');
/** The verification ticket: set by the sign-in that proved the password, needed to submit or request codes. */
const TICKET_COOKIE = 'gso_verify';
/** The campus sign-in's binding: only the browser that started a sign-in may finish it (docs/decisions/campus-sign-in.md). */
const CAMPUS_COOKIE = 'gso_campus';
const CAMPUS_COOKIE_PATH = '/api/auth/campus/';

/**
 * The registration's fields and its "id_file" from a multipart body; other parts are drained. A field holding
 * a NUL character is refused, as every text the API takes (core/common/schemas.ts).
 */
async function readRegistration(req: FastifyRequest): Promise<{ fields: RegistrationFields; file: ReadFile | RefusedFile | null }> {
  if (!req.isMultipart()) throw badRequest('Send the registration as multipart/form-data with the ID file.');
  const fields: RegistrationFields = {};
  let file: ReadFile | RefusedFile | null = null;
  let withNul: string | null = null;
  await eachPart(req, async (part) => {
    if (part.type === 'file') {
      if (part.fieldname !== 'id_file' || file) {
        await part.toBuffer().catch(() => undefined);
        return;
      }
      try {
        file = await readUpload(part, MSG.idFileSize, { drawPdf: true });
      } catch (err) {
        if (!(err instanceof HttpError && err.statusCode < 500)) throw err;
        file = { refused: err };
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

  r.route({
    ...route(ep.register),
    handler: async (req, reply) => {
      await admitRegistration(ctx, req.ip);
      const { fields, file } = await readRegistration(req);
      await register(ctx, fields, file);
      return reply.status(201).send({ message: MSG.registrationSuccess });
    },
  });

  r.route({
    ...route(ep.login),
    handler: async (req, reply) => {
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
      await markSignedIn(ctx.db, account.id);
      return { message: MSG.loginSuccess, account: toAccountDto(account) };
    },
  });

  r.route({
    ...route(ep.campusStart, { rateLimit: { max: 20, timeWindow: '1 minute' } }),
    handler: async (req, reply) => {
      const { url, binding } = await startCampusSignIn(ctx, req.body.portal, req.body.remember);
      // Lax, not strict: the provider sends the browser back here with a top-level GET from its own site.
      reply.setCookie(CAMPUS_COOKIE, binding, {
        path: CAMPUS_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure: ctx.config.cookieSecure,
        maxAge: CAMPUS_LOGIN_MINUTES * 60,
      });
      return { url };
    },
  });

  r.route({
    ...route(ep.campusCallback, { rateLimit: { max: 30, timeWindow: '1 minute' } }),
    handler: async (req, reply) => {
      const search = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
      reply.clearCookie(CAMPUS_COOKIE, { path: CAMPUS_COOKIE_PATH });
      // Open in maintenance (app.ts) so that the refusal is a page, not a bare error: the gate is applied here.
      if (!(await ctx.settings.maintenanceOn()) || !ctx.config.campusSignIn) {
        const result = await finishCampusSignIn(ctx, search, req.cookies[CAMPUS_COOKIE]);
        if (result.ok) {
          await ctx.sessions.startSession(req, reply, result.account.id, result.remember);
          await markSignedIn(ctx.db, result.account.id);
          return reply.redirect(PORTAL_HOME[result.portal], 302);
        }
        return reply.redirect(`${PORTAL_LOGIN[result.portal]}?campus=${result.outcome}`, 302);
      }
      return reply.redirect(`${PORTAL_LOGIN.user}?campus=maintenance`, 302);
    },
  });

  r.route({
    ...route(ep.verifyEmail, { rateLimit: { max: 20, timeWindow: '1 minute' } }),
    handler: async (req, reply) => {
      const { account, remember } = await verifyEmail(ctx, req.cookies[TICKET_COOKIE], req.body.code);
      reply.clearCookie(TICKET_COOKIE, { path: '/api/auth/' });
      await ctx.sessions.startSession(req, reply, account.id, remember);
      await markSignedIn(ctx.db, account.id);
      return { message: MSG.emailVerified, account: toAccountDto(account) };
    },
  });

  r.route({
    ...route(ep.sendVerification, { rateLimit: { max: 5, timeWindow: '1 minute' } }),
    handler: async (req) => resendCode(ctx, req.cookies[TICKET_COOKIE], req.ip),
  });

  r.route({
    ...route(ep.verification, { rateLimit: { max: 60, timeWindow: '1 minute' } }),
    handler: async (req) => verificationStatus(ctx, req.cookies[TICKET_COOKIE]),
  });

  r.route({
    ...route(ep.logout),
    handler: async (req, reply) => {
      await ctx.sessions.endSession(req, reply);
      return { message: 'Signed out' };
    },
  });

  r.route({ ...route(ep.me), handler: async (req) => ({ account: toAccountDto(requireAccount(req)) }) });

  r.route({
    ...route(ep.changePassword),
    handler: async (req) => {
      await changePassword(ctx, requireAccount(req), req.sessionId, req.body);
      return { message: MSG.passwordUpdated };
    },
  });

  r.route({
    ...route(ep.forgotPassword, { rateLimit: { max: 10, timeWindow: '1 minute' } }),
    handler: async (req) => {
      await requestPasswordReset(ctx, req.body.email, req.ip);
      return { message: MSG.resetLinkSent };
    },
  });

  r.route({
    ...route(ep.checkResetLink, { rateLimit: { max: 30, timeWindow: '1 minute' } }),
    handler: async (req) => ({ valid: await resetLinkIsValid(ctx, req.body.token) }),
  });

  r.route({
    ...route(ep.resetPassword, { rateLimit: { max: 10, timeWindow: '1 minute' } }),
    handler: async (req) => ({ message: MSG.passwordReset, portal: await resetPassword(ctx, req.body) }),
  });

  // Add User is the accounts module's account and this module's emailed link to choose a password.
  r.route({
    ...routesOf('accounts')(accountEndpoints.add),
    handler: async (req, reply) => {
      const account = await addUserWithWelcome(ctx, requireAccount(req), req.body);
      return reply.status(201).send({ message: MSG.userAdded, account: toAccountDto(account) });
    },
  });
}
