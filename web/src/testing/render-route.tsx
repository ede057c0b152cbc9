import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';

import { AppProvider } from '@/app/provider';
import { routes } from '@/app/routes-config';

type Answer = { status: number; body?: unknown };

/**
 * Canned answers by URL path (query string ignored), or a function of the URL
 * and request for answers that change; anything unlisted answers 404 so a test notices.
 */
export type FakeApi = Record<string, Answer | ((url: URL, init?: RequestInit) => Answer)>;

export function stubFetch(fakeApi: FakeApi) {
  const spy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const entry = fakeApi[url.pathname];
    const answer = typeof entry === 'function' ? entry(url, init) : (entry ?? { status: 404, body: 'Not Found' });
    const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? '');
    return new Response(text, { status: answer.status });
  });
  vi.stubGlobal('fetch', spy);
  return spy;
}

/** The URLs (path + query) a fetch spy was called with, in order. */
export const calledUrls = (spy: ReturnType<typeof stubFetch>) =>
  spy.mock.calls.map(([input]) => {
    const url = new URL(String(input), 'http://localhost');
    return url.pathname + url.search;
  });

/** Renders the real route table at `url` with a fresh SWR cache per test. */
export function renderRoute(url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const view = render(
    <AppProvider swr={{ provider: () => new Map() }}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { router, ...view };
}

export const SIGNED_OUT: FakeApi = { '/api/user': { status: 401, body: 'Unauthorized' } };
export const signedIn = (user: Record<string, unknown> = {}): FakeApi => ({
  '/api/user': { status: 200, body: { id: 1, username: 'joe@example.com', isAdmin: false, ...user } },
});
