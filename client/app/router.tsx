import { Outlet, RouterProvider, createBrowserRouter, type RouteObject } from 'react-router';
import { PORTAL_HOME, type Portal } from '../../core/roles';
import { PageLoader } from '../ui/PageLoader';
// The sign-in screens come with the app's code rather than after it: they are where most visits start, and
// one download instead of two is what brings their first paint under Lighthouse's 2.5 s on a phone.
import UserLogin from '../portals/public/UserLogin';
import PersonnelLogin from '../portals/public/PersonnelLogin';
import AdminLogin from '../portals/public/AdminLogin';
import { MaintenanceGate, RequirePortal, useMaintenanceRedirect } from './guards';
import type { PortalFrame } from './PortalShell';
import { RouteError } from './RouteError';

function Root() {
  useMaintenanceRedirect();
  return <Outlet />;
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
]);

const personnelPortal = portal('personnel', async () => (await import('../portals/personnel/nav')).PERSONNEL_PORTAL, [
  { index: true, lazy: screen(() => import('../portals/personnel/PersonnelDashboard')) },
  { path: 'requests', lazy: screen(() => import('../portals/personnel/RequestsPage')) },
  { path: 'borrow', lazy: screen(() => import('../portals/personnel/BorrowPage')) },
]);

const adminPortal = portal('admin', async () => (await import('../portals/admin/nav')).ADMIN_PORTAL, [
  { index: true, lazy: screen(() => import('../portals/admin/AdminDashboard')) },
  { path: 'users/:type', lazy: screen(() => import('../portals/admin/UsersPage')) },
  { path: 'requests', lazy: screen(() => import('../portals/admin/RequestsPage')) },
  { path: 'borrow', lazy: screen(() => import('../portals/admin/BorrowPage')) },
  { path: 'settings', lazy: screen(() => import('../portals/admin/AdminSettings')) },
]);

const routes: RouteObject[] = [
  {
    element: <Root />,
    hydrateFallbackElement: <PageLoader />,
    errorElement: <RouteError />,
    children: [
      // Arriving at "/" loads the landing entry; this route serves links to it from inside the app.
      { path: '/', lazy: screen(() => import('../portals/public/Landing')) },
      { path: '/admin-login', element: <AdminLogin /> },
      { path: '/maintenance', lazy: screen(() => import('../portals/public/Maintenance')) },
      {
        element: <MaintenanceGate />,
        children: [
          { path: '/login', element: <UserLogin /> },
          { path: '/register', lazy: screen(() => import('../portals/public/Register')) },
          { path: '/verify-email', lazy: screen(() => import('../portals/public/VerifyUserEmail')) },
          { path: '/personnel-login', element: <PersonnelLogin /> },
          { path: '/verify-personnel-email', lazy: screen(() => import('../portals/public/VerifyPersonnelEmail')) },
          userPortal,
          personnelPortal,
          // DECISIONS 18: unknown paths go to the maintenance screen too while the site is off.
          { path: '*', lazy: screen(() => import('../portals/public/NotFound')) },
        ],
      },
      adminPortal,
      {
        // Printable pages open in their own window, without the portal frame; any signed-in role.
        path: '/print',
        element: <RequirePortal portal="any" />,
        errorElement: <RouteError />,
        children: [{ path: 'requests/:id', lazy: screen(() => import('../features/borrowing/PrintRequest')) }],
      },
    ],
  },
];

const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
