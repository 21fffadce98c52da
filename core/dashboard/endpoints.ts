import { endpoints } from '../common/endpoint';
import { fileResponse } from '../common/schemas';
import { inventoryReport, stockFiguresList, stockFiguresQuery } from '../inventory/report';
import { PORTAL_ROLES, STAFF_ROLES, USER_ROLES } from '../roles';
import { adminDashboard, chartQuery, damageLoss, officeCharts, officeReport, personnelCharts, userCharts, userDashboard } from './schemas';

/**
 * The dashboards and the office's reports. The inventory report (items and the loans not yet back) is composed by
 * the dashboard module too, under the inventory tag (server/modules/dashboard/inventoryReportRoutes.ts).
 */
export const dashboardEndpoints = endpoints({
  admin: {
    method: 'GET',
    path: '/api/dashboard/admin',
    access: STAFF_ROLES,
    schema: {
      summary: 'Total users, pending requests, inventory items, completion rate, with month-over-month changes',
      response: { 200: adminDashboard },
    },
  },
  report: {
    method: 'GET',
    path: '/api/dashboard/report',
    access: STAFF_ROLES,
    schema: {
      summary: "Generate Report: the office's figures (users by role, requests and repairs by status, stock)",
      response: { 200: officeReport },
    },
  },
  reportPdf: {
    method: 'GET',
    path: '/api/dashboard/report.pdf',
    access: STAFF_ROLES,
    schema: {
      summary: 'The office report as a PDF with the office header, one table per section and page numbers',
      response: { 200: fileResponse('The report', ['application/pdf']) },
    },
  },
  user: {
    method: 'GET',
    path: '/api/dashboard/user',
    access: USER_ROLES,
    schema: {
      summary:
        'My Requests (made), Pending Items (requests awaiting a decision) and Completed Tasks (loans closed), each { value, thisMonth, lastMonth }',
      response: { 200: userDashboard },
    },
  },
  damageLoss: {
    method: 'GET',
    path: '/api/dashboard/damage-loss',
    access: STAFF_ROLES,
    schema: {
      summary: 'Damage and loss, last 30 days: per category, the units found damaged, with missing parts and lost at verified returns',
      response: { 200: damageLoss },
    },
  },
  officeCharts: {
    method: 'GET',
    path: '/api/dashboard/charts/office',
    access: STAFF_ROLES,
    schema: {
      summary:
        "The admin dashboard's charts for a period (?period=30|90|term): requests per week by outcome, the most and least lent items and categories, overdue loans per week, repairs opened and closed per week, fix time by priority, average rating by trade",
      querystring: chartQuery,
      response: { 200: officeCharts },
    },
  },
  personnelCharts: {
    method: 'GET',
    path: '/api/dashboard/charts/personnel',
    access: PORTAL_ROLES.personnel,
    schema: {
      summary: "The personnel dashboard's charts for a period (?period=30|90|term): my jobs assigned and completed per week, and my rating",
      querystring: chartQuery,
      response: { 200: personnelCharts },
    },
  },
  userCharts: {
    method: 'GET',
    path: '/api/dashboard/charts/user',
    access: USER_ROLES,
    schema: {
      summary: "The user dashboard's chart for a period (?period=30|90|term): my borrow requests and repair reports per week",
      querystring: chartQuery,
      response: { 200: userCharts },
    },
  },
  inventoryReport: {
    method: 'GET',
    path: '/api/inventory/report',
    access: STAFF_ROLES,
    schema: {
      summary:
        'Generate Inventory Report: counts of available, damaged, unavailable and unreturned, the items of each group and the loans not yet back',
      response: { 200: inventoryReport },
    },
  },
  stockFigures: {
    method: 'GET',
    path: '/api/inventory/figures',
    access: STAFF_ROLES,
    schema: {
      summary:
        'Available, on loan, in repair and lost of each item asked for (?ids=1,2,3, at most 100: a page of the inventory list), counted by the database',
      querystring: stockFiguresQuery,
      response: { 200: stockFiguresList },
    },
  },
  inventoryReportPdf: {
    method: 'GET',
    path: '/api/inventory/report.pdf',
    access: STAFF_ROLES,
    schema: {
      summary: 'Download Report: the inventory report as a PDF with the office header, the counts, a table per group and page numbers',
      response: { 200: fileResponse('The report', ['application/pdf']) },
    },
  },
});
