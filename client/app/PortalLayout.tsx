import { Outlet, useNavigation } from 'react-router';
import { PortalShell } from './PortalShell';
import type { PortalFrame } from '../ui/portalFrame';

/**
 * The layout route of a portal: its frame around whichever screen the child route shows. While the next
 * screen's code loads, a thin bar along the top says so (shown only once the wait is noticeable).
 */
export function PortalLayout({ frame }: { frame: PortalFrame }) {
  const loading = useNavigation().state === 'loading';
  return (
    <PortalShell {...frame}>
      {loading && <div className="gso-route-progress" role="progressbar" aria-label="Loading page" />}
      <Outlet />
    </PortalShell>
  );
}
