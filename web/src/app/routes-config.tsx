import type { RouteObject } from 'react-router';

import { RouteError } from '@/components/errors/route-error';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { AdminLayout } from '@/features/admin/components/admin-layout';
import { AdminRoute } from '@/features/auth/components/admin-route';
import { ProtectedRoute } from '@/features/auth/components/protected-route';

import { AppLayout } from './layout';

/**
 * The route table. Every page is a lazy chunk (route `lazy`), so the home page
 * stays small and heavy pages (charts) load only where they are used. Route
 * modules export `Component` (and optionally `loader`), react-router's lazy contract.
 */
export const routes: RouteObject[] = [
  {
    Component: AppLayout,
    errorElement: <RouteError />,
    // Shown while the first lazy chunk of a cold load arrives.
    HydrateFallback: () => <Spinner label="Loading page" />,
    children: [
      { path: paths.home.path, lazy: () => import('./routes/home') },
      { path: paths.auth.path, lazy: () => import('./routes/auth') },
      { path: paths.stock.path, lazy: () => import('./routes/stock') },
      { path: paths.stocks.path, lazy: () => import('./routes/stock') },
      { path: paths.pricing.path, lazy: () => import('./routes/pricing') },
      { path: paths.howItWorks.path, lazy: () => import('./routes/how-it-works') },
      { path: paths.meetBubba.path, lazy: () => import('./routes/meet-bubba') },
      { path: paths.legalDisclaimer.path, lazy: () => import('./routes/legal-disclaimer') },
      { path: paths.terms.path, lazy: () => import('./routes/terms') },
      { path: paths.privacy.path, lazy: () => import('./routes/privacy') },
      { path: paths.resetPassword.path, lazy: () => import('./routes/reset-password') },
      { path: paths.resetPasswordConfirm.path, lazy: () => import('./routes/reset-password-confirm') },
      { path: paths.resetSession.path, lazy: () => import('./routes/reset-session') },
      {
        Component: ProtectedRoute,
        children: [
          { path: paths.analytics.path, lazy: () => import('./routes/analytics') },
          { path: paths.accountDetails.path, lazy: () => import('./routes/account-details') },
          { path: paths.myStocks.path, lazy: () => import('./routes/my-stocks') },
        ],
      },
      {
        Component: AdminRoute,
        children: [
          {
            Component: AdminLayout,
            children: [
              { path: paths.admin.root.path, lazy: () => import('./routes/admin/notes') },
              { path: paths.admin.batch.path, lazy: () => import('./routes/admin/batch') },
              { path: paths.admin.newsletter.path, lazy: () => import('./routes/admin/newsletter') },
              { path: paths.admin.trends.path, lazy: () => import('./routes/admin/trends') },
              { path: paths.admin.chatTest.path, lazy: () => import('./routes/admin/chat-test') },
              { path: paths.admin.kv.path, lazy: () => import('./routes/admin/storage') },
              { path: paths.admin.content.path, lazy: () => import('./routes/admin/content') },
              { path: paths.admin.jobs.path, lazy: () => import('./routes/admin/jobs') },
            ],
          },
        ],
      },
      { path: paths.notFound.path, lazy: () => import('./routes/not-found') },
    ],
  },
];
