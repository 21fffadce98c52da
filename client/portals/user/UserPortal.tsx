import { Route, Routes } from 'react-router';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { PortalShell, type NavItem } from '../../ui/PortalShell';
import NotFound from '../public/NotFound';
import UserDashboard from './UserDashboard';

const NAV: NavItem[] = [
  { label: 'User Dashboard', to: '/users', icon: IconLayoutDashboard, end: true },
];

export default function UserPortal() {
  return (
    <PortalShell nav={NAV} defaultName="Regular User" afterLogout="/">
      <Routes>
        <Route index element={<UserDashboard />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </PortalShell>
  );
}
