import '@testing-library/jest-dom/vitest';

import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

import { dismissToast } from '@/lib/toast';

// Route chunks load lazily; the first import of a heavy page (charts) can take a while in CI.
configure({ asyncUtilTimeout: 5000 });

// Vitest runs without globals, so testing-library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  dismissToast();
});

// jsdom has no layout: charts (recharts' ResponsiveContainer) need a ResizeObserver to exist.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
