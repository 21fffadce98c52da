import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { borrowingEndpoints as ep } from '../../../core/borrowing/endpoints';
import type { Ctx } from '../../context';
import { reminderSentDetail } from '../../../core/borrowing/notices';
import { AVAILABILITY_MSG } from '../../../core/borrowing/availability';
import { MSG } from '../../../core/messages';
import { lastRun } from '../../lib/dailyJobs';
import { sendWritten } from '../../lib/writtenList';
import { requireAccount } from '../../plugins/auth';
import { approveRequest } from './approve';
import { handOutReservation } from './handOut';
import { officeRequests } from './queries';
import { rejectRequest } from './reject';
import { remindBorrower } from './remind';
import { REMINDER_JOB } from './reminderJob';
import { route } from './routeKit';
import * as series from './series';

/** The office's requests board and its decisions: approve (one date or a series), hand out, reject, remind; the reminder job's last run. */
export function decisionRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...route(ep.list),
    handler: async (req, reply) => sendWritten(reply, await officeRequests(ctx, req.query)),
  });

  r.route({
    ...route(ep.approve),
    handler: async (req) => ({
      message: MSG.requestApproved,
      request: await approveRequest(ctx, requireAccount(req), req.params.id, req.body.items, req.body.units, true, req.body.issue),
    }),
  });

  r.route({
    ...route(ep.seriesDates),
    handler: async (req) => series.seriesDatesOf(ctx, req.params.id),
  });

  r.route({
    ...route(ep.approveSeries),
    handler: async (req) => series.approveSeries(ctx, requireAccount(req), req.params.id, req.body.requests, req.body.all),
  });

  r.route({
    ...route(ep.handOut),
    handler: async (req) => ({
      message: AVAILABILITY_MSG.handedOut,
      request: await handOutReservation(ctx, requireAccount(req), req.params.id, req.body.units),
    }),
  });

  r.route({
    ...route(ep.reject),
    handler: async (req) => ({
      message: MSG.requestRejected,
      request: await rejectRequest(ctx, requireAccount(req), req.params.id, req.body.reason),
    }),
  });

  r.route({
    ...route(ep.remind),
    handler: async (req) => {
      const request = await remindBorrower(ctx, requireAccount(req), req.params.id);
      return {
        message: MSG.reminderSent,
        detail: reminderSentDetail(request.requesterName, request.id, request.dateExpectedReturn),
        request,
      };
    },
  });

  r.route({
    ...route(ep.reminders),
    handler: async () => {
      const last = await lastRun(ctx.db, REMINDER_JOB);
      const n = (k: string) => Number(last?.summary[k] ?? 0);
      return {
        time: ctx.config.reminderTime,
        repeatDays: ctx.config.reminderRepeatDays,
        lastRun: last
          ? {
              runOn: last.runOn,
              startedAt: last.startedAt,
              borrowers: n('borrowers'),
              loans: n('loans'),
              overdue: n('overdue'),
              dueSoon: n('dueSoon') || n('dueTomorrow'),
              officeClosed: last.summary.officeClosed === true,
            }
          : null,
      };
    },
  });
}
