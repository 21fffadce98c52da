import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { activityFeed as activityFeedSchema, activityQuery, notificationList, unreadCount } from '../../../core/activity/schemas';
import { ROLES } from '../../../core/roles';
import type { Ctx } from '../../context';
import { requireAccount } from '../../plugins/auth';
import { activityFeed, notificationsOf } from './queries';

const TAGS = ['activity'];

export async function activityRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/notifications',
    {
      config: { access: ROLES },
      schema: {
        tags: TAGS,
        summary: 'My latest notifications (the header bell) and how many are unread',
        response: { 200: notificationList },
      },
    },
    async (req) => notificationsOf(ctx.db, requireAccount(req).id),
  );

  r.post(
    '/api/notifications/read',
    {
      config: { access: ROLES },
      schema: { tags: TAGS, summary: 'Mark all my notifications read', response: { 200: unreadCount } },
    },
    async (req) => {
      await ctx.activity.markAllRead(requireAccount(req).id);
      return { unread: 0 };
    },
  );

  r.get(
    '/api/activity',
    {
      config: { access: ROLES },
      schema: {
        tags: TAGS,
        summary:
          'The activity feed, newest first, 5 per page by default: students and faculty see what concerns them, the office sees everything',
        querystring: activityQuery,
        response: { 200: activityFeedSchema },
      },
    },
    async (req) => activityFeed(ctx.db, requireAccount(req), req.query),
  );
}
