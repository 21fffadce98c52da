import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fileResponse } from '../../../core/common/schemas';
import { officeReportFileName } from '../../../core/dashboard/report';
import {
  adminDashboard as adminDashboardSchema,
  officeReport as officeReportSchema,
  userDashboard as userDashboardSchema,
} from '../../../core/dashboard/schemas';
import { todayIn } from '../../../core/time';
import { letterheadOf } from '../../lib/letterhead';
import { sendPdf } from '../../lib/pdfDocument';
import { STAFF_ROLES, USER_ROLES } from '../../../core/roles';
import type { Ctx } from '../../context';
import { requireAccount } from '../../plugins/auth';
import { adminDashboard, officeReport, userDashboard } from './queries';
import { inventoryReportRoutes } from './inventoryReportRoutes';
import { officeReportPdf } from './reportPdf';

const TAGS = ['dashboard'];

/**
 * The dashboards and the office's reports read other modules' figures and write nothing: this module has no
 * service. It sits above inventory and borrowing, so the inventory report (items and the loans not yet back) is
 * composed here.
 */
export async function dashboardRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  await inventoryReportRoutes(app, ctx);

  r.get(
    '/api/dashboard/admin',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: TAGS,
        summary: 'Total users, pending requests, inventory items, completion rate, with month-over-month changes',
        response: { 200: adminDashboardSchema },
      },
    },
    async () => adminDashboard(ctx),
  );

  r.get(
    '/api/dashboard/report',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: TAGS,
        summary: "Generate Report: the office's figures (users by role, requests and repairs by status, stock)",
        response: { 200: officeReportSchema },
      },
    },
    async () => officeReport(ctx),
  );

  r.get(
    '/api/dashboard/report.pdf',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: TAGS,
        summary: 'The office report as a PDF with the office header, one table per section and page numbers',
        response: { 200: fileResponse('The report', ['application/pdf']) },
      },
    },
    async (_req, reply) => {
      const pdf = await officeReportPdf(await officeReport(ctx), await letterheadOf(ctx));
      return sendPdf(reply, officeReportFileName(todayIn(ctx.config.campusTimeZone)), pdf);
    },
  );

  r.get(
    '/api/dashboard/user',
    {
      config: { access: USER_ROLES },
      schema: {
        tags: TAGS,
        summary:
          'My Requests (made), Pending Items (requests awaiting a decision) and Completed Tasks (loans closed), each { value, thisMonth, lastMonth }',
        response: { 200: userDashboardSchema },
      },
    },
    async (req) => userDashboard(ctx, requireAccount(req).id),
  );
}
