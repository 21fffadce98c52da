/** The words of the site's own activity entries. */
import type { ActivityText } from '../activity/notices';

export const officeDetailsChanged = (admin: string): ActivityText => ({
  actionType: 'site_settings',
  description: `${admin} updated the office contact details`,
});

export const campusMapChanged = (admin: string, removed: boolean): ActivityText => ({
  actionType: 'site_settings',
  description: removed ? `${admin} removed the uploaded campus map` : `${admin} uploaded a new campus map`,
});

export const maintenanceSwitched = (admin: string, enabled: boolean): ActivityText => ({
  actionType: 'maintenance_mode',
  description: `${admin} turned maintenance mode ${enabled ? 'on' : 'off'}`,
});
