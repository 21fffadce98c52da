import { IconClipboardList, IconLayoutDashboard, IconShoppingCart } from '@tabler/icons-react';
import type { PortalConfig } from '../../app/PortalLayout';

/** The user portal's sidebar (spec 000); its screens are routes in client/app/router.tsx. */
export const USER_PORTAL: PortalConfig = {
  defaultName: 'Regular User',
  afterLogout: '/',
  nav: [
    { label: 'User Dashboard', to: '/users', icon: IconLayoutDashboard, end: true },
    { label: 'Requests', to: '/users/requests', icon: IconClipboardList },
    { label: 'Borrow', to: '/users/borrow-item', icon: IconShoppingCart },
  ],
};
