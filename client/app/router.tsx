import type { ComponentType } from 'react';
import { Outlet, RouterProvider, createBrowserRouter, type RouteObject } from 'react-router';
import { PORTAL_HOME, type Portal } from '../../core/roles';
import { Landing } from '../portals/public/Landing';
import { PageLoader } from '../ui/PageLoader';
import { MaintenanceGate, RequirePortal, useMaintenanceRedirect } from './guards';
import type { PortalHandle } from './portalHome';
import type { PortalConfig } from './PortalLayout';
import { RouteError } from './RouteError';

function Root() {
  useMaintenanceRedirect();
  return <Outlet />;
}

/** A screen loaded on demand: each screen file is its own chunk, fetched the first time its route matches. */
const screen = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });

const notFound = screen(() => import('../portals/public/NotFound'));

/**
 * One portal: its guard (DECISIONS 3), its shell as the layout route (loaded with the portal's navigation), and
 * its screens as lazy children. An unknown path inside the portal shows the 404 within the shell. A screen that
 * fails (its code cannot load, it throws) shows the error inside the shell; a shell that fails, on its own.
 */
function portal({ guard, config, screens }: { guard: Portal; config: () => Promise<PortalConfig>; screens: RouteObject[] }): RouteObject {
  const path = PORTAL_HOME[guard];
  const handle: PortalHandle = { portalHome: path };
  return {
    path,
    handle,
    element: <RequirePortal portal={guard} />,
    errorElement: <RouteError home={path} />,
    children: [
      {
        lazy: async () => {
          const [{ PortalLayout }, portalConfig] = await Promise.all([import('./PortalLayout'), config()]);
          return { element: <PortalLayout {...portalConfig} /> };
        },
        children: [
          {
            errorElement: <RouteError home={path} inShell />,
            children: [...screens, { path: '*', lazy: notFound }],
          },
        ],
      },
    ],
  };
}

const routes: RouteObject[] = [
  {
    element: <Root />,
    hydrateFallbackElement: <PageLoader />,
    errorElement: <RouteError home="/" homeLabel="Back to Home" />,
    children: [
      { path: '/', element: <Landing /> },
      { path: '/admin-login', lazy: screen(() => import('../portals/public/AdminLogin')) },
      { path: '/maintenance', lazy: screen(() => import('../portals/public/Maintenance')) },
      {
        element: <MaintenanceGate />,
        children: [
          { path: '/login', lazy: screen(() => import('../portals/public/UserLogin')) },
          { path: '/register', lazy: screen(() => import('../portals/public/Register')) },
          { path: '/verify-email', lazy: screen(() => import('../portals/public/VerifyUserEmail')) },
          { path: '/personnel-login', lazy: screen(() => import('../portals/public/PersonnelLogin')) },
          { path: '/verify-personnel-email', lazy: screen(() => import('../portals/public/VerifyPersonnelEmail')) },
          portal({
            guard: 'user',
            config: async () => (await import('../portals/user/nav')).USER_PORTAL,
            screens: [
              { index: true, lazy: screen(() => import('../portals/user/UserDashboard')) },
              { path: 'requests', lazy: screen(() => import('../portals/user/MyRequests')) },
              { path: 'borrow-item', lazy: screen(() => import('../portals/user/BorrowItems')) },
            ],
          }),
          portal({
            guard: 'personnel',
            config: async () => (await import('../portals/personnel/nav')).PERSONNEL_PORTAL,
            screens: [
              { index: true, lazy: screen(() => import('../portals/personnel/PersonnelDashboard')) },
              { path: 'requests', lazy: screen(() => import('../portals/personnel/RequestsPage')) },
              { path: 'borrow', lazy: screen(() => import('../portals/personnel/BorrowPage')) },
            ],
          }),
        ],
      },
      // The admin portal stays open during maintenance (DECISIONS 18).
      portal({
        guard: 'admin',
        config: async () => (await import('../portals/admin/nav')).ADMIN_PORTAL,
        screens: [
          { index: true, lazy: screen(() => import('../portals/admin/AdminDashboard')) },
          { path: 'users/:type', lazy: screen(() => import('../portals/admin/UsersPage')) },
          { path: 'requests', lazy: screen(() => import('../portals/admin/RequestsPage')) },
          { path: 'borrow', lazy: screen(() => import('../portals/admin/BorrowPage')) },
          { path: 'settings', lazy: screen(() => import('../portals/admin/AdminSettings')) },
        ],
      }),
      {
        // Printable pages open in their own window, without the portal frame; any signed-in role.
        path: '/print',
        element: <RequirePortal portal="any" />,
        children: [{ path: 'requests/:id', lazy: screen(() => import('../features/borrowing/PrintRequest')) }],
      },
      { path: '*', lazy: notFound },
    ],
  },
];

const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
