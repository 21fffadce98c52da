export const ROLES = ['student', 'faculty', 'personnel', 'staff', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const PORTALS = ['user', 'personnel', 'admin'] as const;
export type Portal = (typeof PORTALS)[number];

/** Which roles each portal's login accepts. Staff and administrators share the admin portal, not all its rights. */
export const PORTAL_ROLES: Record<Portal, readonly Role[]> = {
  user: ['student', 'faculty'],
  personnel: ['personnel'],
  admin: ['admin', 'staff'],
};

/** The portal a role signs in at. */
export const portalOf = (role: Role): Portal => PORTALS.find((p) => PORTAL_ROLES[p].includes(role))!;

export const USER_ROLES = PORTAL_ROLES.user;
/** The office's desk: staff and administrators run requests, loans, repairs, the schedule, stock and people. */
export const STAFF_ROLES = PORTAL_ROLES.admin;
/**
 * Administrators also decide who can do what: administrator and staff accounts, anyone's role, site settings,
 * maintenance mode (docs/decisions: staff and administrators).
 */
export const ADMIN_ONLY: readonly Role[] = ['admin'];
/** Everyone who works for the office: personnel and administrators. */
export const OFFICE_ROLES: readonly Role[] = ['personnel', 'admin', 'staff'];

export const PORTAL_HOME: Record<Portal, string> = { user: '/users', personnel: '/personnel', admin: '/admin' };
export const PORTAL_LOGIN: Record<Portal, string> = { user: '/login', personnel: '/personnel-login', admin: '/admin-login' };

export const ACCOUNT_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const JOB_TYPES = [
  'electrician',
  'plumber',
  'carpenter',
  'janitor',
  'security',
  'driver',
  'hvac_technician',
  'maintenance',
] as const;
export type JobType = (typeof JOB_TYPES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  student: 'Student',
  faculty: 'Faculty',
  personnel: 'Personnel',
  staff: 'Staff',
  admin: 'Administrator',
};
