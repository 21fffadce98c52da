import { addDays, todayIn } from '../../core/time';
import type { Ctx } from '../context';
import { findByEmail } from '../modules/accounts';
import { findRoomByCode } from '../modules/locations';
import * as maintenance from '../modules/maintenance';

/**
 * A demo maintenance plan through the maintenance service (docs/decisions/maintenance-plans.md): the Science
 * Building's Faculty Room aircon filters cleaned every quarter by an electrician, its first job three weeks ahead
 * (moved off a closed day by the demo's calendar), left for the office to assign on the schedule.
 */
export async function seedPlans(ctx: Ctx): Promise<void> {
  const room = await findRoomByCode(ctx.db, 'SCI-FR');
  const admin = await findByEmail(ctx.db, 'admin@campus.test');
  if (!room || !admin) return;
  await maintenance.createPlan(ctx, admin, {
    title: 'Clean the aircon filters',
    checklist: 'preventive-maintenance',
    roomId: room.id,
    unitId: null,
    personnelId: null,
    trade: 'electrician',
    frequency: 'months',
    interval: 3,
    rule: '',
    startDate: addDays(todayIn(ctx.config.campusTimeZone), 21),
    startTime: '08:00',
    endTime: '10:00',
    priority: 'medium',
  });
}
