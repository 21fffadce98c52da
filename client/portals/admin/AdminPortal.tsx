import { Route, Routes } from 'react-router';
import { IconClipboardList, IconLayoutDashboard, IconPackageExport, IconSettings, IconUsers } from '@tabler/icons-react';
import { PortalShell, type NavItem } from '../../app/PortalShell';
import NotFound from '../public/NotFound';
import AdminDashboard from './AdminDashboard';
import AdminSettings from './AdminSettings';
import AdminBorrowPage from './BorrowPage';
import AdminRequestsPage from './RequestsPage';
import UsersPage from './UsersPage';

const NAV: NavItem[] = [
  { label: 'Dashboard', to: '/admin', icon: IconLayoutDashboard, end: true },
  {
    label: 'User Management',
    to: '/admin/users',
    icon: IconUsers,
    children: [
      { label: 'Admins', to: '/admin/users/admins', icon: IconUsers },
      { label: 'Faculty/Students', to: '/admin/users/faculty', icon: IconUsers },
      { label: 'GSO Personnel', to: '/admin/users/personnel', icon: IconUsers },
    ],
  },
  { label: 'Borrow Requests', to: '/admin/requests', icon: IconClipboardList },
  { label: 'Borrow Management', to: '/admin/borrow', icon: IconPackageExport },
  { label: 'Settings', to: '/admin/settings', icon: IconSettings },
];

export default function AdminPortal() {
  return (
    <PortalShell nav={NAV} defaultName="Administrator" afterLogout="/admin-login">
      <Routes>
        <Route index element={<AdminDashboard />} />
        <Route path="users/:type" element={<UsersPage />} />
        <Route path="requests" element={<AdminRequestsPage />} />
        <Route path="borrow" element={<AdminBorrowPage />} />
        <Route path="settings" element={<AdminSettings />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </PortalShell>
  );
}
