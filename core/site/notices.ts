/** The words of the site's own activity entries. */
import type { ActivityText } from '../activity/notices';

export const maintenanceSwitched = (admin: string, enabled: boolean): ActivityText => ({
  actionType: 'maintenance_mode',
  description: `${admin} turned maintenance mode ${enabled ? 'on' : 'off'}`,
});
