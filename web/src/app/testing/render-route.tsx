import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';

import { AppProvider } from '@/app/provider';
import { routes } from '@/app/routes-config';

/**
 * Renders the real route table at `url` with a fresh SWR cache per test. It lives in
 * src/app because it composes every feature; tests that use it sit beside the route
 * modules (src/app/routes/*.test.tsx). Fake the API with `stubFetch` from `@/testing/fake-api`.
 */
export function renderRoute(url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const view = render(
    <AppProvider swr={{ provider: () => new Map() }}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { router, ...view };
}
