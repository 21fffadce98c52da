import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams, noContent } from '../../../core/common/schemas';
import { MSG } from '../../../core/messages';
import { OFFICE_ROLES, STAFF_ROLES } from '../../../core/roles';
import {
  scheduleDayItems,
  scheduleDayQuery,
  scheduleEntryBody,
  scheduleEntryResult,
  scheduleEntryUpdateBody,
  schedulePersonnel as personnelList,
  scheduleWeek,
  scheduleWeekQuery,
} from '../../../core/schedule/schemas';
import type { Ctx } from '../../context';
import { requireAccount } from '../../plugins/auth';
import { daySchedule, schedulePersonnel, weekSchedule } from './queries';
import * as service from './service';

const TAGS = ['schedule'];

export async function scheduleRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/schedule',
    {
      config: { access: OFFICE_ROLES },
      schema: {
        tags: TAGS,
        summary:
          'The week (?week= its Monday, YYYY-MM-DD; this week in the campus time zone by default): manual entries and repair work grouped by weekday, Monday first, with the summary counts; personnel see their own tasks flagged and their counters',
        querystring: scheduleWeekQuery,
        response: { 200: scheduleWeek },
      },
    },
    async (req) => weekSchedule(ctx, requireAccount(req), req.query.week),
  );

  r.get(
    '/api/schedule/day',
    {
      config: { access: OFFICE_ROLES },
      schema: {
        tags: TAGS,
        summary: "One day's items by start time, paged (?date=YYYY-MM-DD&page=&pageSize=): the day card's Show all",
        querystring: scheduleDayQuery,
        response: { 200: scheduleDayItems },
      },
    },
    async (req) => daySchedule(ctx, requireAccount(req), req.query),
  );

  r.get(
    '/api/schedule/personnel',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: TAGS,
        summary: 'The personnel accounts a schedule entry can be tied to',
        response: { 200: personnelList },
      },
    },
    async () => schedulePersonnel(ctx.db),
  );

  r.post(
    '/api/schedule',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: TAGS,
        summary:
          'Add Schedule: { week? (its Monday; this week by default), day, startTime, endTime (HH:MM, after the start), workType, personnelId, location, building, priority?, issueDescription? }',
        body: scheduleEntryBody,
        response: { 201: scheduleEntryResult },
      },
    },
    async (req, reply) => {
      const entry = await service.addEntry(ctx, requireAccount(req), req.body);
      return reply.status(201).send({ message: MSG.scheduleAdded, entry });
    },
  );

  r.put(
    '/api/schedule/:id',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: TAGS,
        summary:
          "Edit a manual schedule entry (not repair work): the Add Schedule body and checks (week? its Monday; the entry's own week by default), moving it to that day, and status? to mark it",
        params: idParams,
        body: scheduleEntryUpdateBody,
        response: { 200: scheduleEntryResult },
      },
    },
    async (req) => ({
      message: MSG.scheduleUpdated,
      entry: await service.updateEntry(ctx, requireAccount(req), req.params.id, req.body),
    }),
  );

  r.delete(
    '/api/schedule/:id',
    {
      config: { access: STAFF_ROLES },
      schema: { tags: TAGS, summary: 'Delete a manual schedule entry (not repair work)', params: idParams, response: { 204: noContent } },
    },
    async (req, reply) => {
      await service.deleteEntry(ctx, requireAccount(req), req.params.id);
      return reply.status(204).send(null);
    },
  );
}
