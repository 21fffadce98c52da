import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { borrowingEndpoints as ep } from '../../../core/borrowing/endpoints';
import type { Ctx } from '../../context';
import { AVAILABILITY_MSG, MAX_AVAILABILITY_DAYS } from '../../../core/borrowing/availability';
import { hoursProblem } from '../../../core/borrowing/timesOfDay';
import { MSG } from '../../../core/messages';
import { addDays as plusDays, daysBetween, isCalendarDate, minutesOfDay, weekOf } from '../../../core/time';
import { badRequest } from '../../errors';
import { letterheadOf } from '../../lib/letterhead';
import { sendPdf } from '../../lib/pdfDocument';
import { requireAccount } from '../../plugins/auth';
import { availability } from './availability';
import { today } from './moves';
import { officeCalendar, OVERDUE_SHOWN, WEEK_SHOWN } from './officeCalendar';
import { pickListPdf } from './pickList';
import { route } from './routeKit';
import * as series from './series';
import { createRequest } from './submit';

const seriesMessage = (booked: number, skipped: number) =>
  `${booked === 1 ? '1 date' : `${booked} dates`} requested${skipped ? `; ${skipped === 1 ? '1 date' : `${skipped} dates`} could not be booked` : ''}.`;

/** Filing requests, and the calendars they are filed against: the items' availability, the office's day and week, its pick list, a weekly series. */
export function bookingRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...route(ep.submit),
    handler: async (req, reply) => {
      const request = await createRequest(ctx, requireAccount(req), req.body);
      return reply.status(201).send({ message: MSG.requestSubmitted, request });
    },
  });

  r.route({
    ...route(ep.availability),
    handler: async (req) => {
      const { from, to } = req.query;
      if (!isCalendarDate(from) || !isCalendarDate(to) || to < from) throw badRequest(AVAILABILITY_MSG.rangeInvalid);
      if (daysBetween(from, to) >= MAX_AVAILABILITY_DAYS) throw badRequest(AVAILABILITY_MSG.rangeTooLong);
      const ids = req.query.items.split(',').map((s) => s.trim());
      if (!ids.length || ids.some((s) => !/^\d{1,9}$/.test(s)) || ids.length > 100) throw badRequest(AVAILABILITY_MSG.itemsInvalid);
      const { fromTime, toTime } = req.query;
      const hours = hoursProblem(fromTime, toTime, from === to);
      if (hours) throw badRequest(hours.message, 'times_invalid');
      const span = fromTime ? { from, to, fromMin: minutesOfDay(fromTime), toMin: minutesOfDay(toTime) } : { from, to };
      const on = today(ctx);
      const items = await availability(ctx.db, [...new Set(ids.map(Number))], span, on);
      return { from: from < on ? on : from, to, items };
    },
  });

  /** The span of the office's calendar asked: the day, or its Monday-to-Sunday week. */
  const calendarSpan = (q: { date: string; view: 'day' | 'week' }) => {
    if (!isCalendarDate(q.date)) throw badRequest(AVAILABILITY_MSG.rangeInvalid);
    const from = q.view === 'week' ? weekOf(q.date).start : q.date;
    return { from, to: q.view === 'week' ? plusDays(from, 6) : from };
  };

  r.route({
    ...route(ep.officeCalendar),
    handler: async (req) => {
      const { from, to } = calendarSpan(req.query);
      return officeCalendar(ctx.db, from, to, today(ctx), {
        overdue: OVERDUE_SHOWN,
        moves: req.query.view === 'week' ? WEEK_SHOWN : Number.POSITIVE_INFINITY,
      });
    },
  });

  r.route({
    ...route(ep.pickList),
    handler: async (req, reply) => {
      const { from } = calendarSpan({ ...req.query, view: 'day' });
      const cal = await officeCalendar(ctx.db, from, from, today(ctx), {
        overdue: Number.POSITIVE_INFINITY,
        moves: Number.POSITIVE_INFINITY,
      });
      const pdf = await pickListPdf(cal.days[0], new Map(cal.requests.map((r) => [r.id, r])), await letterheadOf(ctx));
      return sendPdf(reply, `pick-list-${from}.pdf`, pdf);
    },
  });

  r.route({
    ...route(ep.seriesPreview),
    handler: async (req) => series.previewSeries(ctx, requireAccount(req), req.body),
  });

  r.route({
    ...route(ep.series),
    handler: async (req, reply) => {
      const made = await series.createSeries(ctx, requireAccount(req), req.body);
      return reply.status(201).send({ message: seriesMessage(made.requests.length, made.skipped.length), ...made });
    },
  });
}
