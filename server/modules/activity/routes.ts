import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  activityFeed as activityFeedSchema,
  activityQuery,
  auditCsvQuery,
  auditLog as auditLogSchema,
  auditQuery,
  notificationList,
  officeBellPreferences,
  unreadCount,
} from '../../../core/activity/schemas';
import { fileResponse } from '../../../core/common/schemas';
import { ROLES, OFFICE_ROLES, STAFF_ROLES } from '../../../core/roles';
import { todayIn } from '../../../core/time';
import type { Ctx } from '../../context';
import { attachment } from '../../lib/pdfDocument';
import { requireAccount } from '../../plugins/auth';
import { activityFeed, auditCsv, auditLog, notificationsOf, officeBellOf, officeEmailsOn } from './queries';

const TAGS = ['activity'];

export async function activityRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/notifications',
    {
      config: { access: ROLES },
      schema: {
        tags: TAGS,
        summary: 'The header bell: my latest notifications, or for the office its latest activity by others; and how many are unread',
        response: { 200: notificationList },
      },
    },
    async (req) => {
      const me = requireAccount(req);
      return OFFICE_ROLES.includes(me.role) ? officeBellOf(ctx.db, me) : notificationsOf(ctx.db, me);
    },
  );

  r.get(
    '/api/notifications/preferences',
    {
      config: { access: OFFICE_ROLES },
      schema: { tags: TAGS, summary: 'My office bell settings', response: { 200: officeBellPreferences } },
    },
    async (req) => ({ emailOfficeEvents: await officeEmailsOn(ctx.db, requireAccount(req).id) }),
  );

  r.put(
    '/api/notifications/preferences',
    {
      config: { access: OFFICE_ROLES },
      schema: {
        tags: TAGS,
        summary: 'Email me (office staff) when a request is filed or a return awaits verification',
        body: officeBellPreferences,
        response: { 200: officeBellPreferences },
      },
    },
    async (req) => {
      await ctx.activity.setOfficeEmails(requireAccount(req).id, req.body.emailOfficeEvents);
      return req.body;
    },
  );

  r.post(
    '/api/notifications/read',
    {
      config: { access: ROLES },
      schema: { tags: TAGS, summary: 'Mark all my notifications read', response: { 200: unreadCount } },
    },
    async (req) => {
      const me = requireAccount(req);
      if (OFFICE_ROLES.includes(me.role)) await ctx.activity.markOfficeSeen(me.id);
      else await ctx.activity.markAllRead(me.id);
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

  r.get(
    '/api/activity/audit',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: TAGS,
        summary:
          'The audit view: the whole activity log, newest first, filtered by person (name contains), action type and campus days from/to (inclusive), with every action type for the filter',
        querystring: auditQuery,
        response: { 200: auditLogSchema },
      },
    },
    async (req) => auditLog(ctx, req.query),
  );

  r.get(
    '/api/activity/audit.csv',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: TAGS,
        summary: 'The audit view as CSV under the same filters (at most 20,000 rows)',
        querystring: auditCsvQuery,
        response: { 200: fileResponse('The activity log', ['text/csv']) },
      },
    },
    async (req, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(`activity_log_${todayIn(ctx.config.campusTimeZone)}.csv`))
        .header('cache-control', 'no-store')
        .send(await auditCsv(ctx, req.query)),
  );
}
