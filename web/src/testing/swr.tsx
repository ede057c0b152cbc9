import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';

import { swrDefaults } from '@/lib/swr';

/**
 * The app's SWR defaults with a fresh cache, for tests that render one feature's
 * component on its own (the same values `AppProvider` gives the whole app).
 */
export function TestSWRConfig({ children }: { children: ReactNode }) {
  return <SWRConfig value={{ ...swrDefaults, provider: () => new Map() }}>{children}</SWRConfig>;
}
