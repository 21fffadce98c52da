/** The few things the browser keeps (spec 000 section 3); the session itself is an httpOnly cookie. */
const PRE_MAINTENANCE = 'preMaintenancePath';
const PENDING_EMAIL = 'pendingVerificationEmail';

export const storage = {
  rememberPath(path: string) {
    sessionStorage.setItem(PRE_MAINTENANCE, path);
  },
  takeRememberedPath(): string | null {
    const p = sessionStorage.getItem(PRE_MAINTENANCE);
    sessionStorage.removeItem(PRE_MAINTENANCE);
    return p;
  },
  setPendingEmail(email: string) {
    localStorage.setItem(PENDING_EMAIL, email);
  },
  pendingEmail: () => localStorage.getItem(PENDING_EMAIL),
  clearPendingEmail() {
    localStorage.removeItem(PENDING_EMAIL);
  },
  clearAll() {
    localStorage.clear();
    sessionStorage.clear();
  },
};
