import { Outlet } from 'react-router';
import { PortalShell, type PortalFrame } from './PortalShell';

/** The layout route of a portal: its frame around whichever screen the child route shows. */
export function PortalLayout({ frame }: { frame: PortalFrame }) {
  return (
    <PortalShell nav={frame.nav} defaultName={frame.defaultName} afterLogout={frame.afterLogout}>
      <Outlet />
    </PortalShell>
  );
}
