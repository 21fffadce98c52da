/** What other features may use of sign-in: the signed-in account. */
export { useMe, type Account } from './api';
