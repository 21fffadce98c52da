import { Route, Routes } from 'react-router';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { PortalShell, type NavItem } from '../../ui/PortalShell';
import NotFound from '../public/NotFound';
import PersonnelDashboard from './PersonnelDashboard';

const NAV: NavItem[] = [
  { label: 'Personnel Dashboard', to: '/personnel', icon: IconLayoutDashboard, end: true },
];

export default function PersonnelPortal() {
  return (
    <PortalShell nav={NAV} defaultName="Personnel User" afterLogout="/personnel-login">
      <Routes>
        <Route index element={<PersonnelDashboard />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </PortalShell>
  );
}
