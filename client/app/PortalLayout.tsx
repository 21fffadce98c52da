import { Outlet } from 'react-router';
import { PortalShell, type NavItem } from './PortalShell';

export type { NavItem };

/** A portal's frame and navigation: the sidebar entries, the name shown before the account loads, where logout leads. */
export interface PortalConfig {
  nav: NavItem[];
  defaultName: string;
  afterLogout: string;
}

/** The portal shell as a layout route: the screen of the matched child route renders inside it. */
export function PortalLayout(config: PortalConfig) {
  return (
    <PortalShell {...config}>
      <Outlet />
    </PortalShell>
  );
}
