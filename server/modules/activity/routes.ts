import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROLES } from '../../../core/roles';
import type { Ctx } from '../../context';
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
}
