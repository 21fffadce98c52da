import {
  IconBuildingWarehouse,
  IconCalendarEvent,
  IconClipboardList,
  IconLayoutDashboard,
  IconListCheck,
  IconPackageExport,
  IconPackages,
  IconSettings,
  IconTool,
  IconUserCheck,
} from '@tabler/icons-react';
import { COUNT_SCREEN } from '../../../core/inventory/counts';
import type { PortalFrame } from '../../ui/portalFrame';

/** The personnel portal's sidebar and frame (docs/product.md). */
export const PERSONNEL_PORTAL: PortalFrame = {
  defaultName: 'Personnel User',
  afterLogout: '/personnel-login',
  chat: true,
  settings: '/personnel/settings',
  scan: true,
  nav: [
    { label: 'Personnel Dashboard', to: '/personnel', icon: IconLayoutDashboard, end: true },
    { label: 'Schedule', to: '/personnel/schedule', icon: IconCalendarEvent },
    { label: 'Requests', to: '/personnel/requests', icon: IconClipboardList },
    { label: 'Inventory', to: '/personnel/inventory', icon: IconBuildingWarehouse },
    { label: COUNT_SCREEN.countRooms, to: '/personnel/count', icon: IconListCheck },
    // docs/product.md lists /personnel/borrow in its route table without a sidebar entry; it gets one, so it can be found.
    { label: 'Borrow', to: '/personnel/borrow', icon: IconPackageExport },
    { label: 'Request Supplies', to: '/personnel/request-supplies', icon: IconPackages },
    { label: 'Maintenance & Repairs', to: '/personnel/maintenance-repairs', icon: IconTool },
    { label: 'My accountabilities', to: '/personnel/accountabilities', icon: IconUserCheck },
    { label: 'Settings', to: '/personnel/settings', icon: IconSettings },
  ],
};
