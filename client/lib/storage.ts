import { clearDraftFiles } from './drafts';

/** The few things the browser keeps, drafts of unsent forms aside (lib/drafts.ts); the session itself is an httpOnly cookie. */
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
  /** Signing out: drafts go too, texts and files (docs/decisions/drafts.md). */
  clearAll() {
    localStorage.clear();
    sessionStorage.clear();
    void clearDraftFiles();
  },
};
