/**
 * The accounts module's face: what other modules, the demo seed, server/app.ts and the scripts may use. Everything
 * else in this folder is the module's own.
 */
export { accountRoutes } from './routes';

// Reads of accounts.
export {
  accountsByRole,
  accountsFigure,
  activeAdministrators,
  activePeopleOf,
  emailOf,
  findAccount,
  findByCampusSubject,
  findByEmail,
  findByLogin,
  idsOfAccountsNamed,
  nameOf,
  officeAccounts,
  peopleServed,
  personnelAccounts,
  staffEmails,
  toAccountDto,
} from './queries';

// Accounts made and signed in to (the auth module, the create-admin script).
export { addUser, createAdministrator } from './addAccount';
export { createRegistration } from './registration';
export { markEmailVerified, markSignedIn, setPasswordHash } from './signIn';
export { createCampusAccount, linkCampusAccount } from './campusAccounts';

// The borrowing hold other modules ask about.
export { borrowHoldNow } from './borrowHolds';

// A person's department as the forms choose it (the auth module's registration).
export { checkedDepartment, departmentOfField } from './departmentChoice';
