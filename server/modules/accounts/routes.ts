import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { ACCOUNT_STATUSES, STAFF_ROLES, type Role } from '../../../core/roles';
import type { Ctx } from '../../context';
import { containsCI } from '../../db/database';
import { conflict, notFound } from '../../errors';
import { offsetOf, pagingQuery } from '../../lib/paging';
import { requireAccount } from '../../plugins/auth';
import { toAccountDto } from '../auth/dto';

/** The three lists of spec 001 user management. */
const TYPE_ROLES: Record<'admins' | 'faculty' | 'personnel', Role[]> = {
  admins: ['admin', 'staff'],
  faculty: ['student', 'faculty'],
  personnel: ['personnel'],
};

export async function accountRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  r.get('/api/accounts', {
    config: { access: STAFF_ROLES },
    schema: {
      tags: ['accounts'],
      summary: 'List accounts of one kind; pending registrations first',
      querystring: z.object({
        ...pagingQuery,
        type: z.enum(['admins', 'faculty', 'personnel']),
        status: z.enum(ACCOUNT_STATUSES).optional(),
      }),
    },
  }, async (req) => {
    const q = req.query;
    let base = db.selectFrom('accounts').where('role', 'in', TYPE_ROLES[q.type]);
    if (q.search) {
      const term = q.search;
      base = base.where((eb) => eb.or([
        containsCI(ctx.dialect, 'full_name', term),
        containsCI(ctx.dialect, 'email', term),
        containsCI(ctx.dialect, 'contact_number', term),
      ]));
    }
    const countsRows = await base.select(['status', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('status').execute();
    const counts = { all: 0, pending: 0, accepted: 0, rejected: 0 };
    for (const row of countsRows) {
      counts[row.status] = Number(row.n);
      counts.all += Number(row.n);
    }
    const filtered = q.status ? base.where('status', '=', q.status) : base;
    const rows = await filtered
      .selectAll()
      .orderBy(sql`case when status = 'pending' then 0 else 1 end`)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(q.pageSize)
      .offset(offsetOf(q))
      .execute();
    return { items: rows.map(toAccountDto), total: q.status ? counts[q.status] : counts.all, counts };
  });

  const decide = (action: 'accept' | 'reject') => async (req: { params: { id: number } } & Parameters<typeof requireAccount>[0]) => {
    const admin = requireAccount(req);
    const account = await db.selectFrom('accounts').selectAll().where('id', '=', req.params.id).executeTakeFirst();
    if (!account || !['student', 'faculty'].includes(account.role)) throw notFound('Registration not found.');
    if (account.status !== 'pending') throw conflict(`This registration was already ${account.status}.`, 'already_decided');
    const status = action === 'accept' ? 'accepted' : 'rejected';
    const send = await db.transaction().execute(async (trx) => {
      await trx.updateTable('accounts').set({ status, ...(action === 'reject' ? { id_file: null, id_file_mime: null } : {}) })
        .where('id', '=', account.id).where('status', '=', 'pending').execute();
      await ctx.activity.record({
        actorId: admin.id, subjectId: account.id, actionType: `registration_${status}`,
        description: `${admin.full_name} ${status} the registration of ${account.full_name}`,
      }, trx);
      return ctx.activity.notify({
        accountId: account.id,
        title: action === 'accept' ? 'Registration accepted' : 'Registration not approved',
        message: action === 'accept'
          ? `Your Campus GSO account has been approved. You can now sign in at ${ctx.config.appUrl}/login; we will ask you to verify your email the first time.`
          : 'Your Campus GSO registration was not approved. Please contact the General Services Office for details.',
      }, trx);
    });
    send();
    // DECISIONS 6: the submitted ID is deleted when the registration is rejected.
    if (action === 'reject') await ctx.files.remove(account.id_file);
    return { message: action === 'accept' ? 'User accepted' : 'User rejected', data: { status } };
  };
  const idParams = z.object({ id: z.coerce.number().int().positive() });
  r.post('/api/accounts/:id/accept', {
    config: { access: STAFF_ROLES },
    schema: { tags: ['accounts'], summary: 'Accept a pending registration', params: idParams },
  }, decide('accept'));
  r.post('/api/accounts/:id/reject', {
    config: { access: STAFF_ROLES },
    schema: { tags: ['accounts'], summary: 'Reject a pending registration (its ID file is deleted)', params: idParams },
  }, decide('reject'));

  r.get('/api/accounts/:id/id-file', {
    config: { access: STAFF_ROLES },
    schema: { tags: ['accounts'], summary: 'The ID a registrant submitted (admins only)', params: idParams },
  }, async (req, reply) => {
    const account = await db.selectFrom('accounts').select(['id_file']).where('id', '=', req.params.id).executeTakeFirst();
    const file = account?.id_file ? await ctx.files.read(account.id_file) : null;
    if (!file) throw notFound('This user has not submitted an ID for verification');
    return reply
      .header('content-type', file.mime)
      .header('cache-control', 'private, no-store')
      .header('content-disposition', 'inline')
      .send(file.buffer);
  });
}
