import { Route, Routes } from 'react-router';
import { IconClipboardList, IconLayoutDashboard, IconPackageExport } from '@tabler/icons-react';
import { PortalShell, type NavItem } from '../../app/PortalShell';
import NotFound from '../public/NotFound';
import PersonnelBorrowPage from './BorrowPage';
import PersonnelDashboard from './PersonnelDashboard';
import PersonnelRequestsPage from './RequestsPage';

const NAV: NavItem[] = [
  { label: 'Personnel Dashboard', to: '/personnel', icon: IconLayoutDashboard, end: true },
  { label: 'Requests', to: '/personnel/requests', icon: IconClipboardList },
  // Spec 002 lists /personnel/borrow in its route table without a sidebar entry; it gets one, so it can be found.
  { label: 'Borrow', to: '/personnel/borrow', icon: IconPackageExport },
];

export default function PersonnelPortal() {
  return (
    <PortalShell nav={NAV} defaultName="Personnel User" afterLogout="/personnel-login">
      <Routes>
        <Route index element={<PersonnelDashboard />} />
        <Route path="requests" element={<PersonnelRequestsPage />} />
        <Route path="borrow" element={<PersonnelBorrowPage />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </PortalShell>
  );
}
