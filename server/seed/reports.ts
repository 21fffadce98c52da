import type { Ctx } from '../context';
import { findByEmail } from '../modules/accounts';
import { saveReport } from '../modules/reports';

/**
 * Two demo saved reports through the reports service (docs/decisions/reports.md): the electrical equipment lent,
 * sent to the administrator every Monday, and the repairs by building, kept without a schedule.
 */
export async function seedReports(ctx: Ctx): Promise<void> {
  const admin = await findByEmail(ctx.db, 'admin@campus.test');
  if (!admin) return;
  await saveReport(ctx, admin, {
    name: 'Electrical lending, weekly',
    kind: 'lending',
    filters: { category: 'Electrical' },
    schedule: 'weekly',
    recipientIds: [admin.id],
  });
  await saveReport(ctx, admin, { name: 'Repairs by building', kind: 'repairs', filters: {}, schedule: 'none', recipientIds: [] });
}
