import { IconClipboardList, IconLayoutDashboard, IconShoppingCart } from '@tabler/icons-react';
import type { PortalFrame } from '../../app/PortalShell';

/** The students' and faculty's portal: sidebar and frame (spec 000). */
export const USER_PORTAL: PortalFrame = {
  defaultName: 'Regular User',
  afterLogout: '/',
  nav: [
    { label: 'User Dashboard', to: '/users', icon: IconLayoutDashboard, end: true },
    { label: 'Requests', to: '/users/requests', icon: IconClipboardList },
    { label: 'Borrow', to: '/users/borrow-item', icon: IconShoppingCart },
  ],
};
