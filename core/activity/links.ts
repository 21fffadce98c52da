/**
 * Where an activity entry or a notice leads: the screen of the reader's portal that shows the thing it is about,
 * narrowed to that thing (docs/decisions/notifications.md). The server builds the link when it answers, from the
 * entity and what it read with it, so a renamed item or a moved schedule entry is found where it is now.
 */
import { ACCOUNT_LIST_ROLES, ACCOUNT_LIST_TYPES } from '../accounts/rules';
import { requestCode } from '../borrowing/rules';
import { repairCode } from '../repairs/rules';
import type { Portal, Role } from '../roles';
import type { EntityType } from './schemas';

/** The entity, and what its screen finds it by besides its id (null when the thing is gone). */
export interface LinkFacts {
  type: EntityType | null;
  id: number | null;
  /** An item's name. */
  itemName?: string | null;
  /** An account's email and role (its list in user management). */
  email?: string | null;
  role?: Role | null;
  /** A schedule entry's date (the week it is on). */
  date?: string | null;
}

/** The element of the dashboards' designations card (client DesignationsCard). */
export const DESIGNATIONS_ANCHOR = 'personnel-designations';

const search = (path: string, params: Record<string, string>) => `${path}?${new URLSearchParams(params)}`;

const LINKS: Record<EntityType, (f: LinkFacts & { id: number }, portal: Portal) => string | null> = {
  borrow_request: (f, portal) =>
    search({ user: '/users/requests', personnel: '/personnel/requests', admin: '/admin/requests' }[portal], { q: requestCode(f.id) }),
  repair_report: (f, portal) =>
    portal === 'user'
      ? search('/users/report-repairs', { view: 'mine', q: repairCode(f.id) })
      : search(`/${portal}/maintenance-repairs`, { q: repairCode(f.id) }),
  item: (f, portal) => {
    if (portal === 'user') return null;
    return f.itemName ? search(`/${portal}/inventory`, { q: f.itemName }) : `/${portal}/inventory`;
  },
  account: (f, portal) => {
    const list = f.role ? ACCOUNT_LIST_TYPES.find((t) => ACCOUNT_LIST_ROLES[t].includes(f.role!)) : undefined;
    if (portal !== 'admin' || !list || !f.email) return null;
    return search(`/admin/users/${list}`, { q: f.email });
  },
  schedule_entry: (f, portal) => {
    if (portal === 'user') return null;
    return f.date ? search(`/${portal}/schedule`, { week: f.date }) : `/${portal}/schedule`;
  },
  designation: (_f, portal) => (portal === 'user' ? null : `/${portal}#${DESIGNATIONS_ANCHOR}`),
  // Buildings and rooms are kept on the admin portal's Locations screen (docs/decisions/locations.md).
  building: (f, portal) => (portal === 'admin' ? search('/admin/locations', { building: String(f.id) }) : null),
  room: (_f, portal) => (portal === 'admin' ? '/admin/locations' : null),
  // A custody notice goes to its holder, whose list of what they hold is My accountabilities.
  custody: (_f, portal) => `/${portal === 'user' ? 'users' : portal}/accountabilities`,
};

/** The link of an entry or a notice in the reader's portal; null when it is about nothing that portal shows. */
export function linkTo(facts: LinkFacts, portal: Portal): string | null {
  if (!facts.type || facts.id === null) return null;
  return LINKS[facts.type]({ ...facts, id: facts.id }, portal);
}
