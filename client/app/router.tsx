import { Outlet, RouterProvider, createBrowserRouter, type RouteObject } from 'react-router';
import { Landing } from '../portals/public/Landing';
import { PageLoader } from '../ui/PageLoader';
import { MaintenanceGate, RequirePortal, useMaintenanceRedirect } from './guards';

function Root() {
  useMaintenanceRedirect();
  return <Outlet />;
}

// Each portal, and the sign-in pages, load as their own code-split chunk.
const lazyPage = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });

const routes: RouteObject[] = [
  {
    element: <Root />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      { path: '/', element: <Landing /> },
      { path: '/admin-login', lazy: lazyPage(() => import('../portals/public/AdminLogin')) },
      { path: '/maintenance', lazy: lazyPage(() => import('../portals/public/Maintenance')) },
      {
        element: <MaintenanceGate />,
        children: [
          { path: '/login', lazy: lazyPage(() => import('../portals/public/UserLogin')) },
          { path: '/register', lazy: lazyPage(() => import('../portals/public/Register')) },
          { path: '/verify-email', lazy: lazyPage(() => import('../portals/public/VerifyUserEmail')) },
          { path: '/personnel-login', lazy: lazyPage(() => import('../portals/public/PersonnelLogin')) },
          { path: '/verify-personnel-email', lazy: lazyPage(() => import('../portals/public/VerifyPersonnelEmail')) },
          {
            path: '/users',
            element: <RequirePortal portal="user" />,
            children: [
              { path: '*', lazy: lazyPage(() => import('../portals/user/UserPortal')) },
              { index: true, lazy: lazyPage(() => import('../portals/user/UserPortal')) },
            ],
          },
          {
            path: '/personnel',
            element: <RequirePortal portal="personnel" />,
            children: [
              { path: '*', lazy: lazyPage(() => import('../portals/personnel/PersonnelPortal')) },
              { index: true, lazy: lazyPage(() => import('../portals/personnel/PersonnelPortal')) },
            ],
          },
        ],
      },
      {
        path: '/admin',
        element: <RequirePortal portal="admin" />,
        children: [
          { path: '*', lazy: lazyPage(() => import('../portals/admin/AdminPortal')) },
          { index: true, lazy: lazyPage(() => import('../portals/admin/AdminPortal')) },
        ],
      },
      {
        // Printable pages open in their own window, without the portal frame; any signed-in role.
        path: '/print',
        element: <RequirePortal portal="any" />,
        children: [{ path: 'requests/:id', lazy: lazyPage(() => import('../features/borrowing/PrintRequest')) }],
      },
      { path: '*', lazy: lazyPage(() => import('../portals/public/NotFound')) },
    ],
  },
];

const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
