import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '../../../core/messages';
import { PORTALS, PORTAL_ROLES, ROLES } from '../../../core/roles';
import type { Ctx } from '../../context';
import { badRequest, forbidden, HttpError } from '../../errors';
import { DUMMY_HASH, verifyPassword } from '../../lib/passwords';
import { requireAccount } from '../../plugins/auth';
import { toAccountDto } from './dto';
import { registerAccount } from './register';
import { createLoginThrottle } from './throttle';
import { createVerification } from './verification';

const findByLogin = (ctx: Ctx, login: string) =>
  ctx.db
    .selectFrom('accounts')
    .selectAll()
    .where((eb) => eb.or([eb('email', '=', login.trim().toLowerCase()), eb('username', '=', login.trim())]))
    .executeTakeFirst();

export async function authRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const throttle = createLoginThrottle(ctx.db);
  const verification = createVerification(ctx);
  const devCode = (code: string) => (ctx.config.dev ? { code } : {});

  r.post('/api/auth/register', {
    config: { access: 'public' },
    schema: { tags: ['auth'], summary: 'Register a student or faculty account (multipart, with the ID file)', consumes: ['multipart/form-data'] },
  }, async (req, reply) => {
    await registerAccount(ctx, req);
    return reply.status(201).send({ message: MSG.registrationSuccess });
  });

  r.post('/api/auth/login', {
    config: { access: 'public' },
    schema: {
      tags: ['auth'],
      summary: 'Sign in at one portal',
      body: z.object({
        email: z.string().trim().min(1, 'Email is required').max(200),
        password: z.string().min(1, 'Password is required').max(200),
        remember: z.boolean().default(false),
        portal: z.enum(PORTALS),
      }),
    },
  }, async (req, reply) => {
    const { email, password, remember, portal } = req.body;
    await throttle.check(email, req.ip);
    const account = await findByLogin(ctx, email);
    const ok = await verifyPassword(password, account?.password_hash ?? DUMMY_HASH);
    if (!account || !ok) {
      await throttle.fail(email, req.ip);
      throw new HttpError(401, 'invalid_credentials', MSG.invalidCredentials);
    }
    await throttle.succeed(email);
    if (!PORTAL_ROLES[portal].includes(account.role)) throw forbidden(MSG.wrongPortal, 'wrong_portal');
    if (account.status === 'pending') throw forbidden(MSG.pendingApproval, 'pending_approval');
    if (account.status === 'rejected') throw forbidden(MSG.accountRejected, 'account_rejected');
    if (!account.email_verified && portal !== 'admin') {
      const issued = await verification.issue(account, remember);
      throw forbidden(MSG.emailNotVerified, 'email_not_verified', { email: account.email, expiresIn: issued.expiresIn, ...devCode(issued.code) });
    }
    await ctx.sessions.startSession(req, reply, account.id, remember);
    return { message: MSG.loginSuccess, account: toAccountDto(account) };
  });

  const findForVerification = async (email: string) => {
    const account = await ctx.db.selectFrom('accounts').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
    if (!account || account.status !== 'accepted' || account.email_verified) throw badRequest(MSG.noPendingVerification, 'no_pending_verification');
    return account;
  };

  r.post('/api/auth/verify-email', {
    config: { access: 'public', rateLimit: { max: 20, timeWindow: '1 minute' } },
    schema: {
      tags: ['auth'],
      summary: 'Check an email verification code and sign in',
      body: z.object({ email: z.string().trim().min(1).max(200), code: z.string().regex(/^\d{6}$/, MSG.invalidCodeMessage) }),
    },
  }, async (req, reply) => {
    const account = await findForVerification(req.body.email);
    const { remember } = await verification.check(account, req.body.code);
    await ctx.sessions.startSession(req, reply, account.id, remember);
    return { message: MSG.emailVerified, account: toAccountDto({ ...account, email_verified: 1 }) };
  });

  r.post('/api/auth/send-verification', {
    config: { access: 'public', rateLimit: { max: 5, timeWindow: '1 minute' } },
    schema: { tags: ['auth'], summary: 'Send a new verification code', body: z.object({ email: z.string().trim().min(1).max(200) }) },
  }, async (req) => {
    const account = await findForVerification(req.body.email);
    const existing = await ctx.db.selectFrom('verification_codes').select('remember').where('account_id', '=', account.id).executeTakeFirst();
    const issued = await verification.issue(account, existing?.remember === 1);
    return { message: MSG.codeSent, expiresIn: issued.expiresIn, ...devCode(issued.code) };
  });

  r.post('/api/auth/logout', {
    config: { access: 'public' },
    schema: { tags: ['auth'], summary: 'Sign out (ends the session on the server)' },
  }, async (req, reply) => {
    await ctx.sessions.endSession(req, reply);
    return { message: 'Signed out' };
  });

  r.get('/api/auth/me', {
    config: { access: ROLES },
    schema: { tags: ['auth'], summary: 'The signed-in account' },
  }, async (req) => ({ account: toAccountDto(requireAccount(req)) }));
}
