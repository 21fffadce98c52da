import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '../../../core/messages';
import { ROLES, USER_ROLES } from '../../../core/roles';
import type { Ctx } from '../../context';
import { offsetOf } from '../../lib/paging';
import { requireAccount } from '../../plugins/auth';

export async function notificationRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/notifications', {
    config: { access: ROLES },
    schema: { tags: ['activity'], summary: 'My latest notifications (the header bell) and how many are unread' },
  }, async (req) => {
    const me = requireAccount(req);
    const [items, unread] = await Promise.all([
      ctx.db.selectFrom('notifications').selectAll().where('account_id', '=', me.id)
        .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(20).execute(),
      ctx.db.selectFrom('notifications').select((eb) => eb.fn.countAll<number>().as('n'))
        .where('account_id', '=', me.id).where('read_at', 'is', null).executeTakeFirstOrThrow(),
    ]);
    return {
      items: items.map((n) => ({ id: n.id, title: n.title, message: n.message, link: n.link, read: n.read_at !== null, createdAt: n.created_at })),
      unread: Number(unread.n),
    };
  });

  r.post('/api/notifications/read', {
    config: { access: ROLES },
    schema: { tags: ['activity'], summary: 'Mark all my notifications read' },
  }, async (req) => {
    const me = requireAccount(req);
    await ctx.db.updateTable('notifications').set({ read_at: new Date().toISOString() })
      .where('account_id', '=', me.id).where('read_at', 'is', null).execute();
    return { unread: 0 };
  });

  r.get('/api/activity', {
    config: { access: ROLES },
    schema: {
      tags: ['activity'],
      summary: 'The activity feed, newest first, 5 per page by default: students and faculty see what concerns them, the office sees everything',
      querystring: z.object({
        page: z.coerce.number().int().min(1).default(1),
        pageSize: z.coerce.number().int().min(1).max(50).default(5),
      }),
    },
  }, async (req) => {
    const me = requireAccount(req);
    let base = ctx.db.selectFrom('activity as t');
    if (USER_ROLES.includes(me.role)) base = base.where((eb) => eb.or([eb('t.subject_id', '=', me.id), eb('t.actor_id', '=', me.id)]));
    const [count, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      base.leftJoin('accounts as a', 'a.id', 't.actor_id')
        .select(['t.id', 't.action_type', 't.description', 't.request_id', 't.created_at', 'a.full_name as actor_name'])
        .orderBy('t.created_at', 'desc').orderBy('t.id', 'desc').limit(req.query.pageSize).offset(offsetOf(req.query)).execute(),
    ]);
    return {
      items: rows.map((t) => ({
        id: t.id,
        actionType: t.action_type,
        description: t.description,
        requestId: t.request_id,
        actorName: t.actor_name ?? MSG.deletedUser,
        createdAt: t.created_at,
      })),
      total: Number(count.n),
    };
  });
}
