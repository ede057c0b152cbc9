import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';

import { routes } from './routes-config';

export function AppRouter() {
  // Created once per mount so tests and hot reloads never share router state.
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
