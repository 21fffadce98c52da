/** What a portal's frame is made of (its nav, declared by each portal; drawn by app/PortalShell.tsx). */
import type { Role } from '../../core/roles';

export interface NavItem {
  label: string;
  to: string;
  icon: React.ComponentType<{ size?: number }>;
  end?: boolean;
  children?: NavItem[];
  /** Shown only to these roles (Report Repairs: faculty); every role of the portal when absent. */
  roles?: readonly Role[];
}

/** What makes one portal's frame: its sidebar, the name shown before the account loads, where logout leads. */
export interface PortalFrame {
  nav: NavItem[];
  defaultName: string;
  afterLogout: string;
  /** The portal's Settings screen, where the header's user menu leads. */
  settings: string;
  /** Whether the support chat's button shows (the user and personnel portals). */
  chat?: boolean;
  /** Whether the header has the Scan button (the office's portals: docs/decisions/labels-and-scanning.md). */
  scan?: boolean;
}
