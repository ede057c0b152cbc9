import type { ReactNode } from 'react';
import { SWRConfig, type SWRConfiguration } from 'swr';

import { swrDefaults } from '@/lib/swr';

type AppProviderProps = { children: ReactNode; swr?: SWRConfiguration };

/** The app's data-fetch defaults (`lib/swr.ts`); `swr` lets tests pass a fresh cache (`provider: () => new Map()`). */
export function AppProvider({ children, swr }: AppProviderProps) {
  return <SWRConfig value={{ ...swrDefaults, ...swr }}>{children}</SWRConfig>;
}
