import { useMemo } from 'react';
import { Link, Outlet, RouterProvider, createBrowserRouter, useLocation, useNavigate, type RouteObject } from 'react-router';
import { PORTAL_HOME, type Portal } from '../../core/roles';
import { NavigationProvider, takeHandover, type LinkProps, type Navigation } from '../lib/navigation';
import { notify } from '../ui/notify';
import { PageLoader } from '../ui/PageLoader';
import { MaintenanceGate, RequirePortal, useMaintenanceRedirect } from './guards';
import type { PortalFrame } from '../ui/portalFrame';
import { RouteError } from './RouteError';

const RouterLink = (props: LinkProps) => <Link {...props} />;

function Root() {
  useMaintenanceRedirect();
  const navigate = useNavigate();
  const { state } = useLocation();
  const navigation = useMemo<Navigation>(
    () => ({
      go: (to, { replace, state, notice } = {}) => {
        if (notice) notify(notice);
        navigate(to, { replace, state });
      },
      state,
      Link: RouterLink,
    }),
    [navigate, state],
  );
  return (
    <NavigationProvider value={navigation}>
      <Outlet />
    </NavigationProvider>
  );
}

/** Every screen is a lazy route: its own chunk, loaded when first visited. */
const screen = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });

/**
 * A portal: the guard, the frame as the layout route, and its screens as lazy child routes. An error in a
 * screen shows inside the frame with a way back; an unknown path shows the 404 inside the frame too.
 */
function portal(name: Portal, loadFrame: () => Promise<PortalFrame>, screens: RouteObject[]): RouteObject {
  const home = PORTAL_HOME[name];
  return {
    path: home,
    element: <RequirePortal portal={name} />,
    errorElement: <RouteError home={home} />,
    children: [
      {
        // The frame loads with the portal, so the public pages never carry it.
        lazy: async () => {
          const [{ PortalLayout }, frame] = await Promise.all([import('./PortalLayout'), loadFrame()]);
          return { Component: () => <PortalLayout frame={frame} /> };
        },
        children: [
          {
            errorElement: <RouteError home={home} />,
            children: [
              ...screens,
              {
                path: '*',
                lazy: async () => {
                  const { PortalNotFound } = await import('../portals/public/NotFound');
                  return { Component: () => <PortalNotFound home={home} /> };
                },
              },
            ],
          },
        ],
      },
    ],
  };
}

const userPortal = portal('user', async () => (await import('../portals/user/nav')).USER_PORTAL, [
  { index: true, lazy: screen(() => import('../portals/user/UserDashboard')) },
  { path: 'requests', lazy: screen(() => import('../portals/user/MyRequests')) },
  { path: 'borrow-item', lazy: screen(() => import('../portals/user/BorrowItems')) },
  { path: 'settings', lazy: screen(() => import('../portals/user/UserSettings')) },
  { path: 'report-repairs', lazy: screen(() => import('../portals/user/ReportRepairs')) },
  { path: 'rooms/:code', lazy: screen(() => import('../portals/user/RoomView')) },
  { path: 'accountabilities', lazy: screen(() => import('../features/inventory/MyAccountabilities')) },
]);

const personnelPortal = portal('personnel', async () => (await import('../portals/personnel/nav')).PERSONNEL_PORTAL, [
  { index: true, lazy: screen(() => import('../portals/personnel/PersonnelDashboard')) },
  { path: 'schedule', lazy: screen(() => import('../portals/personnel/SchedulePage')) },
  { path: 'requests', lazy: screen(() => import('../portals/personnel/RequestsPage')) },
  { path: 'borrow', lazy: screen(() => import('../portals/personnel/BorrowPage')) },
  { path: 'request-supplies', lazy: screen(() => import('../portals/personnel/RequestSuppliesPage')) },
  { path: 'maintenance-repairs', lazy: screen(() => import('../portals/personnel/MaintenanceRepairsPage')) },
  { path: 'settings', lazy: screen(() => import('../portals/personnel/PersonnelSettings')) },
  { path: 'inventory', lazy: screen(() => import('../portals/personnel/InventoryPage')) },
  { path: 'rooms/:code', lazy: screen(() => import('../portals/personnel/RoomPage')) },
  { path: 'inventory/:id/units', lazy: screen(() => import('../features/inventory/UnitsScreen')) },
  { path: 'units/:tag', lazy: screen(() => import('../features/inventory/UnitScreen')) },
  { path: 'accountabilities', lazy: screen(() => import('../features/inventory/MyAccountabilities')) },
  { path: 'count', lazy: screen(() => import('../portals/personnel/CountRoomsPage')) },
]);

const adminPortal = portal('admin', async () => (await import('../portals/admin/nav')).ADMIN_PORTAL, [
  { index: true, lazy: screen(() => import('../portals/admin/AdminDashboard')) },
  { path: 'users/:type', lazy: screen(() => import('../portals/admin/UsersPage')) },
  { path: 'schedule', lazy: screen(() => import('../portals/admin/SchedulePage')) },
  { path: 'requests', lazy: screen(() => import('../portals/admin/RequestsPage')) },
  { path: 'borrow', lazy: screen(() => import('../portals/admin/BorrowPage')) },
  { path: 'request-supplies', lazy: screen(() => import('../portals/admin/RequestSuppliesPage')) },
  { path: 'maintenance-repairs', lazy: screen(() => import('../portals/admin/MaintenanceRepairsPage')) },
  { path: 'preventive-maintenance', lazy: screen(() => import('../portals/admin/PreventiveMaintenancePage')) },
  { path: 'maintenance-plans', lazy: screen(() => import('../portals/admin/MaintenancePlansPage')) },
  { path: 'reports', lazy: screen(() => import('../portals/admin/ReportsPage')) },
  { path: 'activity-log', lazy: screen(() => import('../portals/admin/ActivityLogPage')) },
  { path: 'api-tokens', lazy: screen(() => import('../portals/admin/ApiTokensPage')) },
  { path: 'webhooks', lazy: screen(() => import('../portals/admin/WebhooksPage')) },
  { path: 'inventory', lazy: screen(() => import('../portals/admin/InventoryPage')) },
  { path: 'inventory/:id/units', lazy: screen(() => import('../features/inventory/UnitsScreen')) },
  { path: 'inventory/:id/stock-card', lazy: screen(() => import('../features/inventory/StockCardScreen')) },
  { path: 'units/:tag', lazy: screen(() => import('../features/inventory/UnitScreen')) },
  { path: 'deliveries', lazy: screen(() => import('../features/inventory/DeliveriesScreen')) },
  { path: 'deliveries/:id', lazy: screen(() => import('../features/inventory/DeliveryScreen')) },
  { path: 'warranty-ending', lazy: screen(() => import('../features/inventory/WarrantyEndingScreen')) },
  { path: 'reorder', lazy: screen(() => import('../portals/admin/ReorderPage')) },
  { path: 'counts', lazy: screen(() => import('../portals/admin/CountsPage')) },
  { path: 'counts/:id', lazy: screen(() => import('../portals/admin/CountPage')) },
  { path: 'count', lazy: screen(() => import('../portals/admin/CountRoomsPage')) },
  { path: 'not-seen', lazy: screen(() => import('../portals/admin/NotSeenPage')) },
  { path: 'locations', lazy: screen(() => import('../portals/admin/LocationsPage')) },
  { path: 'rooms/:code', lazy: screen(() => import('../portals/admin/RoomPage')) },
  { path: 'settings', lazy: screen(() => import('../portals/admin/AdminSettings')) },
  { path: 'accountabilities', lazy: screen(() => import('../features/inventory/MyAccountabilities')) },
]);

const routes: RouteObject[] = [
  {
    element: <Root />,
    hydrateFallbackElement: <PageLoader />,
    errorElement: <RouteError />,
    children: [
      // Arriving at "/" loads the landing entry; this route serves links to it from inside the app.
      { path: '/', lazy: screen(() => import('../portals/public/Landing')) },
      { path: '/admin-login', lazy: screen(() => import('../portals/public/AdminLogin')) },
      { path: '/maintenance', lazy: screen(() => import('../portals/public/Maintenance')) },
      {
        element: <MaintenanceGate />,
        children: [
          { path: '/login', lazy: screen(() => import('../portals/public/UserLogin')) },
          { path: '/register', lazy: screen(() => import('../portals/public/Register')) },
          { path: '/forgot-password', lazy: screen(() => import('../portals/public/ForgotPassword')) },
          { path: '/reset-password', lazy: screen(() => import('../portals/public/ResetPassword')) },
          { path: '/verify-email', lazy: screen(() => import('../portals/public/VerifyUserEmail')) },
          { path: '/personnel-login', lazy: screen(() => import('../portals/public/PersonnelLogin')) },
          { path: '/verify-personnel-email', lazy: screen(() => import('../portals/public/VerifyPersonnelEmail')) },
          userPortal,
          personnelPortal,
          // Where the installed app opens (docs/decisions/pwa.md): the signed-in person's portal, else the front page.
          { path: '/start', lazy: screen(() => import('./StartAddress')) },
          // A room label's short address (docs/decisions/rooms-and-followers.md): sign in first, then by role.
          {
            path: '/r/:code',
            element: <RequirePortal portal="any" />,
            errorElement: <RouteError />,
            children: [{ index: true, lazy: screen(() => import('./RoomAddress')) }],
          },
          // A unit label's short address (docs/decisions/units.md): signed in first, then by role.
          {
            path: '/u/:tag',
            element: <RequirePortal portal="any" />,
            errorElement: <RouteError />,
            children: [{ index: true, lazy: screen(() => import('../features/inventory/ShortUnit')) }],
          },
          // docs/decisions/maintenance-mode.md: unknown paths go to the maintenance screen too while the site is off.
          { path: '*', lazy: screen(() => import('../portals/public/NotFound')) },
        ],
      },
      adminPortal,
      {
        // Printable pages open in their own window, without the portal frame; any signed-in role.
        path: '/print',
        element: <RequirePortal portal="any" />,
        errorElement: <RouteError />,
        children: [
          { path: 'requests/:id', lazy: screen(() => import('../features/borrowing/PrintRequest')) },
          { path: 'repairs/:id', lazy: screen(() => import('../features/repairs/PrintRepair')) },
          { path: 'office-report', lazy: screen(() => import('../features/dashboard/PrintOfficeReport')) },
        ],
      },
    ],
  },
];

// A pre-rendered sign-in page moved here by loading this page (lib/navigation): what it handed over becomes
// this location's state, in the router's own history format, before the router reads it.
const handover = takeHandover();
if (handover?.state !== undefined) window.history.replaceState({ ...window.history.state, usr: handover.state }, '');
if (handover?.notice) notify(handover.notice);
const router = createBrowserRouter(routes);

/** Resolves once the router has loaded the code of the page it was opened at. */
export const routerReady = () =>
  new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });

export function AppRouter() {
  return <RouterProvider router={router} />;
}
