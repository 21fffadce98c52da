import type { EntityType } from '../../../core/activity/schemas';
import type { Portal } from '../../../core/roles';

/** Where each portal shows each kind of entity; a kind a portal has no screen for is not linked there. */
const SCREENS: Record<EntityType, Partial<Record<Portal, string>>> = {
  borrow_request: { user: '/users/requests', personnel: '/personnel/requests', admin: '/admin/requests' },
  account: { admin: '/admin/users/faculty' },
  repair_report: { user: '/users/report-repairs', personnel: '/personnel/maintenance-repairs', admin: '/admin/maintenance-repairs' },
  item: { personnel: '/personnel/inventory', admin: '/admin/inventory' },
};

/** The link of an activity entry or a notice, built from what it is about; null when it is about nothing linkable. */
export function linkTo(about: { entityType: EntityType | null; entityId: number | null }, portal: Portal): string | null {
  if (!about.entityType || about.entityId === null) return null;
  return SCREENS[about.entityType]?.[portal] ?? null;
}
