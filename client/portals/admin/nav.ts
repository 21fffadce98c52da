import {
  IconUserCheck,
  IconBuildingWarehouse,
  IconCalendarRepeat,
  IconCalendarEvent,
  IconClipboardCheck,
  IconClipboardList,
  IconLayoutDashboard,
  IconMapPin,
  IconPackageExport,
  IconPackages,
  IconHistory,
  IconKey,
  IconListCheck,
  IconReportAnalytics,
  IconSettings,
  IconTool,
  IconTruckDelivery,
  IconShoppingCart,
  IconUsers,
  IconWebhook,
} from '@tabler/icons-react';
import { COUNT_SCREEN } from '../../../core/inventory/counts';
import { DELIVERY_WORDS } from '../../../core/inventory/deliveries';
import { REORDER_WORDS } from '../../../core/inventory/supplies';
import type { PortalFrame } from '../../ui/portalFrame';

/** The admin portal's sidebar and frame (docs/product.md). */
export const ADMIN_PORTAL: PortalFrame = {
  defaultName: 'Administrator',
  afterLogout: '/admin-login',
  settings: '/admin/settings',
  scan: true,
  nav: [
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
    { label: 'Schedule', to: '/admin/schedule', icon: IconCalendarEvent },
    { label: 'Borrow Requests', to: '/admin/requests', icon: IconClipboardList },
    { label: 'Inventory', to: '/admin/inventory', icon: IconBuildingWarehouse },
    { label: COUNT_SCREEN.counts, to: '/admin/counts', icon: IconListCheck },
    { label: DELIVERY_WORDS.deliveries, to: '/admin/deliveries', icon: IconTruckDelivery },
    { label: REORDER_WORDS.title, to: '/admin/reorder', icon: IconShoppingCart },
    { label: 'Buildings & Rooms', to: '/admin/locations', icon: IconMapPin },
    { label: 'Borrow Management', to: '/admin/borrow', icon: IconPackageExport },
    // docs/decisions/supplies.md: staff request supplies; administrators do not file requests.
    { label: 'Request Supplies', to: '/admin/request-supplies', icon: IconPackages, roles: ['staff'] },
    // Staff may hold the office's property; administrators do not (docs/decisions/custody.md).
    { label: 'My accountabilities', to: '/admin/accountabilities', icon: IconUserCheck, roles: ['staff'] },
    { label: 'Maintenance & Repairs', to: '/admin/maintenance-repairs', icon: IconTool },
    { label: 'Preventive Maintenance', to: '/admin/preventive-maintenance', icon: IconClipboardCheck },
    { label: 'Maintenance Plans', to: '/admin/maintenance-plans', icon: IconCalendarRepeat },
    { label: 'Reports', to: '/admin/reports', icon: IconReportAnalytics },
    { label: 'Activity Log', to: '/admin/activity-log', icon: IconHistory },
    { label: 'API Tokens', to: '/admin/api-tokens', icon: IconKey, roles: ['admin'] },
    { label: 'Webhooks', to: '/admin/webhooks', icon: IconWebhook, roles: ['admin'] },
    { label: 'Settings', to: '/admin/settings', icon: IconSettings },
  ],
};
