/** The office report's sections and their rows, in one place for the printable page and the PDF. */
import { REQUEST_STATUS_LABELS, REQUEST_STATUSES } from '../borrowing/rules';
import { REPAIR_STATUS_LABELS, REPAIR_STATUSES } from '../repairs/rules';
import type { OfficeReport } from './schemas';

export interface ReportSection {
  title: string;
  rows: [label: string, value: number][];
}

export function officeReportSections(r: OfficeReport): ReportSection[] {
  return [
    {
      title: 'Users',
      rows: [
        ['Students', r.users.student],
        ['Faculty', r.users.faculty],
        ['Personnel', r.users.personnel],
        ['Staff', r.users.staff],
        ['Administrators', r.users.admin],
        ['Registrations awaiting approval', r.users.pending],
      ],
    },
    {
      title: 'Borrow requests by status',
      rows: [...REQUEST_STATUSES.map((s): [string, number] => [REQUEST_STATUS_LABELS[s], r.requests[s]]), ['Total', r.requests.all]],
    },
    {
      title: 'Repair reports by status',
      rows: [...REPAIR_STATUSES.map((s): [string, number] => [REPAIR_STATUS_LABELS[s], r.repairs[s]]), ['Total', r.repairs.all]],
    },
    {
      title: 'Stock',
      rows: [
        ['In stock', r.stock.inStock],
        ['Low stock', r.stock.lowStock],
        ['Out of stock', r.stock.outOfStock],
        ['Items in all', r.stock.total],
      ],
    },
  ];
}

export const officeReportFileName = (date: string) => `office_report_${date}.pdf`;
