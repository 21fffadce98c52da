import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { PORTAL_HOME, portalOf } from '../../core/roles';
import { useMe } from '../features/auth/api';
import { PageLoader } from '../ui/PageLoader';

/**
 * /start, where the installed app opens (the manifest's start_url; docs/decisions/pwa.md): the signed-in person's
 * portal, whichever it is (offline, by the account kept on the device), else the front page with its sign-ins.
 */
export default function StartAddress() {
  const me = useMe();
  const signedOut = me.isSuccess && !me.data;
  useEffect(() => {
    if (signedOut) window.location.replace('/');
  }, [signedOut]);
  if (!me.data) return <PageLoader />;
  return <Navigate to={PORTAL_HOME[portalOf(me.data.role)]} replace />;
}
