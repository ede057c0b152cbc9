import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ANONYMOUS_SESSION_KEY } from '@/lib/anonymous-session';
import { renderRoute } from '@/app/testing/render-route';
import { SIGNED_OUT, stubFetch } from '@/testing/fake-api';

const adminApi = {
  '/api/user': { status: 200, body: { username: 'admin@example.com', isAdmin: true } },
  '/healthz': { status: 200, body: { status: 'ok', version: '0.1.0' } },
  '/api/admin/kv-stocks': { status: 200, body: [] },
  '/api/admin/kv-totals': { status: 200, body: { stocks: 0, totalBytes: 0 } },
};

// Every route of spec 000 section 2 and spec 001 section 2, written out by hand
// (not read from config/paths.ts) so a missing or misspelt route fails here.
const SPEC_ROUTES: Array<[url: string, heading: RegExp]> = [
  ['/', /Howdy, I'm Bubba/],
  ['/stock/AAPL', /Stock Analysis/],
  ['/stocks/MSFT', /Stock Analysis/],
  ['/analytics', /Enhanced Analytics/],
  ['/analytics?tab=trending', /Enhanced Analytics/],
  ['/account-details', /Account Details/],
  ['/pricing', /Pricing/],
  ['/how-it-works', /How It Works/],
  ['/meet-bubba', /Meet Bubba/],
  ['/legal-disclaimer', /Legal Disclaimer/],
  ['/terms', /Terms/],
  ['/privacy', /Privacy/],
  ['/reset-password', /Reset Password/],
  ['/reset-password/confirm', /New Password/],
  ['/admin', /Stock Analysis Admin/],
  ['/admin/batch', /Batch Analysis/],
  ['/admin/newsletter', /Newsletter/],
  ['/admin/trends', /Quarterly Score Trends/],
  ['/admin/chat-test', /Chat Test/],
  ['/admin/kv', /Storage/],
];

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('route table', () => {
  it.each(SPEC_ROUTES)('%s renders its page, not the not-found page', async (url, heading) => {
    stubFetch(adminApi);
    renderRoute(url);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.queryByText(/Page Not Found/)).not.toBeInTheDocument();
  });

  it.each(['/auth', '/auth?signup=true'])('%s renders the auth page for a signed-out visitor', async (url) => {
    stubFetch(SIGNED_OUT);
    renderRoute(url);
    expect(await screen.findByRole('heading', { level: 1, name: 'Log In or Sign Up' })).toBeInTheDocument();
  });

  it.each(['/this-does-not-exist', '/stock', '/admin/nope', '/stocks/AAPL/extra'])(
    '%s renders the not-found page with a link home',
    async (url) => {
      stubFetch(adminApi);
      renderRoute(url);
      expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Take me home' })).toHaveAttribute('href', '/');
    },
  );

  it('/reset-session clears the anonymous id and goes to /stock/AAPL', async () => {
    stubFetch(adminApi);
    localStorage.setItem(ANONYMOUS_SESSION_KEY, 'anon-1');
    const { router } = renderRoute('/reset-session');
    await screen.findByRole('heading', { name: 'AAPL Stock Analysis' });
    expect(router.state.location.pathname).toBe('/stock/AAPL');
    expect(localStorage.getItem(ANONYMOUS_SESSION_KEY)).toBeNull();
  });

  it('every page carries the not-financial-advice line', async () => {
    stubFetch(adminApi);
    renderRoute('/pricing');
    await screen.findByRole('heading', { name: 'Pricing' });
    expect(screen.getByText(/not financial advice/i)).toBeInTheDocument();
  });
});

describe('guards', () => {
  it.each(['/analytics', '/account-details'])('%s redirects to /auth when /api/user answers 401', async (url) => {
    stubFetch({ '/api/user': { status: 401, body: 'Unauthorized' } });
    const { router } = renderRoute(url);
    await screen.findByRole('heading', { name: 'Log In or Sign Up' });
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('admin pages deny a signed-out visitor', async () => {
    stubFetch({ '/api/user': { status: 401, body: 'Unauthorized' } });
    renderRoute('/admin/batch');
    expect(await screen.findByRole('heading', { name: 'Admin Access Required' })).toBeInTheDocument();
    expect(screen.getByText('You do not have permission to access this page.')).toBeInTheDocument();
    expect(screen.queryByText(/Batch Analysis/)).not.toBeInTheDocument();
  });

  it('admin pages deny a signed-in user without isAdmin', async () => {
    stubFetch({ '/api/user': { status: 200, body: { username: 'joe@example.com' } } });
    renderRoute('/admin');
    expect(await screen.findByRole('heading', { name: 'Admin Access Required' })).toBeInTheDocument();
  });

  it('shows a spinner while the user is loading', async () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => {})));
    renderRoute('/account-details');
    expect(await screen.findByText("Checking who's on the porch")).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Account Details' })).not.toBeInTheDocument();
  });
});
