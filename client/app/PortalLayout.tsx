import { Outlet, useNavigation } from 'react-router';
import { PortalShell, type NavItem } from './PortalShell';

export type { NavItem };

/** A portal's frame and navigation: the sidebar entries, the name shown before the account loads, where logout leads. */
export interface PortalConfig {
  nav: NavItem[];
  defaultName: string;
  afterLogout: string;
}

/**
 * The portal shell as a layout route: the screen of the matched child route renders inside it. While the next
 * screen's code loads, a thin bar along the top says so (shown only when the wait is noticeable).
 */
export function PortalLayout(config: PortalConfig) {
  const loading = useNavigation().state === 'loading';
  return (
    <PortalShell {...config}>
      {loading && <div className="gso-route-progress" role="progressbar" aria-label="Loading page" />}
      <Outlet />
    </PortalShell>
  );
}
