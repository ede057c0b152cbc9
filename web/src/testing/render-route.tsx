import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';

import { AppProvider } from '@/app/provider';
import { routes } from '@/app/routes-config';

/** Canned answers by URL path; anything unlisted answers 404 so a test notices. */
export type FakeApi = Record<string, { status: number; body?: unknown }>;

export function stubFetch(fakeApi: FakeApi) {
  const spy = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    const answer = fakeApi[url.pathname] ?? { status: 404, body: 'Not Found' };
    const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? '');
    return new Response(text, { status: answer.status });
  });
  vi.stubGlobal('fetch', spy);
  return spy;
}

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
