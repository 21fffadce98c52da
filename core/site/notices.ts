/** The words of the site's own activity entries. */
import type { ActivityText } from '../activity/notices';
import { formatCalendarDate } from '../time';
import type { Closure } from './calendar';

export const officeDetailsChanged = (admin: string): ActivityText => ({
  actionType: 'site_settings',
  description: `${admin} updated the office contact details`,
});

export const supplyRequestersChanged = (admin: string): ActivityText => ({
  actionType: 'site_settings',
  description: `${admin} changed who may request supplies per category`,
});

export const damageTradesChanged = (admin: string): ActivityText => ({
  actionType: 'site_settings',
  description: `${admin} changed the trades suggested for repairs of damaged equipment`,
});

export const campusMapChanged = (admin: string, removed: boolean): ActivityText => ({
  actionType: 'site_settings',
  description: removed ? `${admin} removed the uploaded campus map` : `${admin} uploaded a new campus map`,
});

export const maintenanceSwitched = (admin: string, enabled: boolean): ActivityText => ({
  actionType: 'maintenance_mode',
  description: `${admin} turned maintenance mode ${enabled ? 'on' : 'off'}`,
});

const range = (c: Pick<Closure, 'from' | 'to'>) =>
  c.from === c.to ? formatCalendarDate(c.from) : `${formatCalendarDate(c.from)} to ${formatCalendarDate(c.to)}`;

export const officeHoursChanged = (admin: string, hours: string): ActivityText => ({
  actionType: 'site_settings',
  description: `${admin} set the office hours: ${hours}`,
});

export const closureAdded = (admin: string, c: Pick<Closure, 'name' | 'from' | 'to'>): ActivityText => ({
  actionType: 'site_settings',
  description: `${admin} added an office closure: ${c.name}, ${range(c)}`,
});

export const closureRemoved = (admin: string, c: Pick<Closure, 'name' | 'from' | 'to'>): ActivityText => ({
  actionType: 'site_settings',
  description: `${admin} removed the office closure ${c.name}, ${range(c)}`,
});
