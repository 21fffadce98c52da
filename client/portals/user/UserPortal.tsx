import { Route, Routes } from 'react-router';
import { IconClipboardList, IconLayoutDashboard, IconShoppingCart } from '@tabler/icons-react';
import { PortalShell, type NavItem } from '../../app/PortalShell';
import NotFound from '../public/NotFound';
import BorrowItems from './BorrowItems';
import MyRequests from './MyRequests';
import UserDashboard from './UserDashboard';

const NAV: NavItem[] = [
  { label: 'User Dashboard', to: '/users', icon: IconLayoutDashboard, end: true },
  { label: 'Requests', to: '/users/requests', icon: IconClipboardList },
  { label: 'Borrow', to: '/users/borrow-item', icon: IconShoppingCart },
];

export default function UserPortal() {
  return (
    <PortalShell nav={NAV} defaultName="Regular User" afterLogout="/">
      <Routes>
        <Route index element={<UserDashboard />} />
        <Route path="requests" element={<MyRequests />} />
        <Route path="borrow-item" element={<BorrowItems />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </PortalShell>
  );
}
