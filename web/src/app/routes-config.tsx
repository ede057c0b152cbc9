import type { RouteObject } from 'react-router';

import { RouteError } from '@/components/errors/route-error';
import { MainLayout } from '@/components/layout/main-layout';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { AdminRoute } from '@/features/auth/components/admin-route';
import { ProtectedRoute } from '@/features/auth/components/protected-route';

/**
 * The route table. Every page is a lazy chunk (route `lazy`), so the home page
 * stays small and heavy pages (charts) load only where they are used. Route
 * modules export `Component` (and optionally `loader`), react-router's lazy contract.
 */
type Lazy = NonNullable<RouteObject['lazy']>;

/** Pages whose issue has not landed yet share one small placeholder chunk. */
const placeholder =
  (title: string): Lazy =>
  async () => {
    const { PlaceholderPage } = await import('./routes/placeholder');
    return { Component: () => <PlaceholderPage title={title} /> };
  };

const page = (path: string, title: string): RouteObject => ({ path, lazy: placeholder(title) });

export const routes: RouteObject[] = [
  {
    Component: MainLayout,
    errorElement: <RouteError />,
    // Shown while the first lazy chunk of a cold load arrives.
    HydrateFallback: () => <Spinner label="Loading page" />,
    children: [
      { path: paths.home.path, lazy: () => import('./routes/home') },
      page(paths.auth.path, 'Log In or Sign Up'),
      page(paths.stock.path, 'Stock Analysis'),
      page(paths.stocks.path, 'Stock Analysis'),
      page(paths.pricing.path, 'Pricing'),
      page(paths.howItWorks.path, 'How It Works'),
      page(paths.meetBubba.path, 'Meet Bubba'),
      page(paths.legalDisclaimer.path, 'Legal Disclaimer'),
      page(paths.terms.path, 'Terms and Conditions'),
      page(paths.privacy.path, 'Privacy Policy'),
      page(paths.resetPassword.path, 'Reset Password'),
      page(paths.resetPasswordConfirm.path, 'Set a New Password'),
      { path: paths.resetSession.path, lazy: () => import('./routes/reset-session') },
      {
        Component: ProtectedRoute,
        children: [page(paths.analytics.path, 'Enhanced Analytics'), page(paths.accountDetails.path, 'Account Details')],
      },
      {
        Component: AdminRoute,
        children: [
          page(paths.admin.root.path, 'Stock Analysis Admin'),
          page(paths.admin.batch.path, 'Admin Batch Analysis'),
          page(paths.admin.newsletter.path, 'Newsletter Generator'),
          page(paths.admin.trends.path, 'Quarterly Score Trends'),
          page(paths.admin.chatTest.path, 'Admin Chat Test'),
          page(paths.admin.kv.path, 'Admin Storage Overview'),
        ],
      },
      { path: paths.notFound.path, lazy: () => import('./routes/not-found') },
    ],
  },
];
