import { addDays, todayIn } from '../../core/time';
import type { Ctx } from '../context';
import { findByEmail } from '../modules/accounts';
import { findRoomByCode } from '../modules/locations';
import * as maintenance from '../modules/maintenance';

/**
 * Demo maintenance plans through the maintenance service (docs/decisions/maintenance-plans.md): the Science
 * Building's Faculty Room aircon filters cleaned every quarter by an electrician, its first job three weeks ahead
 * (moved off a closed day by the demo's calendar), left for the office to assign on the schedule; and the IT
 * Building's emergency lights tested every month by the demo electrician, whose checklist they fill on their phone.
 */
export async function seedPlans(ctx: Ctx): Promise<void> {
  const room = await findRoomByCode(ctx.db, 'SCI-FR');
  const admin = await findByEmail(ctx.db, 'admin@campus.test');
  const electrician = await findByEmail(ctx.db, 'electrician@campus.test');
  const lab = await findRoomByCode(ctx.db, 'IT-SERVER');
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
  if (!electrician || !lab) return;
  await maintenance.createPlan(ctx, admin, {
    title: 'Test the emergency lights',
    checklist: 'preventive-maintenance',
    roomId: lab.id,
    unitId: null,
    personnelId: electrician.id,
    trade: '',
    frequency: 'months',
    interval: 1,
    rule: '',
    startDate: addDays(todayIn(ctx.config.campusTimeZone), 10),
    startTime: '13:00',
    endTime: '14:00',
    priority: 'medium',
  });
}
