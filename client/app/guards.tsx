import { useDeferredValue, useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { PORTAL_LOGIN, PORTAL_ROLES, type Portal } from '../../core/roles';
import { MSG } from '../../core/messages';
import { keptAccount, useMe } from '../features/auth/api';
import { useSiteStatus } from '../features/site/api';
import { ApiError, isSigningOut, MAINTENANCE_EVENT, SESSION_ENDED_EVENT } from '../lib/api';
import { showsKeptCopy } from '../lib/keptCopy';
import { DraftOwner } from '../lib/drafts';
import { setOfflinePerson } from '../lib/offlinePerson';
import { storage } from '../lib/storage';
import { PageLoader } from '../ui/PageLoader';

/** docs/decisions/maintenance-mode.md: while the site is off, remember where the visitor wanted to go and show /maintenance. */
export function MaintenanceGate({ children }: { children?: ReactNode }) {
  const status = useSiteStatus();
  const location = useLocation();
  // Without a connection, a person signed in on this device still opens their portal (docs/decisions/offline-queue.md,
  // pwa.md): the site is not known to be off, and its API answers maintenance by itself once it is reached.
  const offline = (status.error instanceof ApiError && status.error.isNetwork && keptAccount() !== null) || showsKeptCopy(status);
  const off = (status.isError && !offline) || (status.data && !status.data.available);
  if (status.isPending) return <PageLoader />;
  if (off) {
    storage.rememberPath(location.pathname + location.search);
    return <Navigate to="/maintenance" replace />;
  }
  return <>{children ?? <Outlet />}</>;
}

/** Sends the browser to /maintenance when any API call answers that the site is under maintenance. */
export function useMaintenanceRedirect() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    const onMaintenance = () => {
      if (location.pathname.startsWith('/admin') || location.pathname === '/maintenance') return;
      storage.rememberPath(location.pathname + location.search);
      navigate('/maintenance', { replace: true });
    };
    window.addEventListener(MAINTENANCE_EVENT, onMaintenance);
    return () => window.removeEventListener(MAINTENANCE_EVENT, onMaintenance);
  }, [navigate, location]);
}

/**
 * docs/decisions/sessions.md: a portal page without a session for that portal goes to that portal's login. A session that
 * ends during an action sends the person there too, with a word of why, and signing in brings them back.
 */
export function RequirePortal({ portal }: { portal: Portal | 'any' }) {
  const me = useMe();
  const location = useLocation();
  const navigate = useNavigate();
  const personId = me.data?.id ?? null;
  useEffect(() => {
    // The offline queue learns whose changes to send, and sends them (docs/decisions/offline-queue.md).
    if (personId !== null) setOfflinePerson(personId);
  }, [personId]);
  useEffect(() => {
    // Only the way there: signing in again replaces the cached account, and nothing here must redirect first.
    const ended = () => {
      navigate(PORTAL_LOGIN[portal === 'any' ? 'user' : portal], {
        replace: true,
        state: { from: location.pathname + location.search, message: MSG.sessionEnded },
      });
    };
    window.addEventListener(SESSION_ENDED_EVENT, ended);
    return () => window.removeEventListener(SESSION_ENDED_EVENT, ended);
  }, [navigate, location, portal]);
  // Who is signed in arrives as an urgent update (the query cache is an external store); the portal it lets in
  // renders as a deferred one, in slices that yield to the browser, rather than as one long task on a phone.
  const pending = useDeferredValue(me.isPending);
  if (me.isPending || pending) return <PageLoader />;
  const allowed = portal === 'any' ? !!me.data : !!me.data && PORTAL_ROLES[portal].includes(me.data.role);
  if (!allowed) {
    // Signing out: the account is gone before the page it goes to has loaded (a busy machine); that page comes, not the login.
    if (isSigningOut()) return <PageLoader />;
    return <Navigate to={PORTAL_LOGIN[portal === 'any' ? 'user' : portal]} replace state={{ from: location.pathname + location.search }} />;
  }
  // Drafts and the offline queue's changes are the signed-in account's: they come back after signing in again, and
  // never to someone else.
  return (
    <DraftOwner value={me.data!.id}>
      <Outlet />
    </DraftOwner>
  );
}
