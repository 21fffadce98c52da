import { IconClipboardList, IconLayoutDashboard, IconSettings, IconShoppingCart, IconTool, IconUserCheck } from '@tabler/icons-react';
import type { PortalFrame } from '../../ui/portalFrame';

/** The students' and faculty's portal: sidebar and frame (docs/product.md). */
export const USER_PORTAL: PortalFrame = {
  defaultName: 'Regular User',
  afterLogout: '/',
  chat: true,
  settings: '/users/settings',
  nav: [
    { label: 'User Dashboard', to: '/users', icon: IconLayoutDashboard, end: true },
    { label: 'Requests', to: '/users/requests', icon: IconClipboardList },
    { label: 'Borrow', to: '/users/borrow-item', icon: IconShoppingCart },
    // Faculty only (docs/product.md), placed before Settings.
    { label: 'Report Repairs', to: '/users/report-repairs', icon: IconTool, roles: ['faculty'] },
    // What the person holds of the office's property (docs/decisions/custody.md): faculty only, students hold none.
    { label: 'My accountabilities', to: '/users/accountabilities', icon: IconUserCheck, roles: ['faculty'] },
    { label: 'Settings', to: '/users/settings', icon: IconSettings },
  ],
};
