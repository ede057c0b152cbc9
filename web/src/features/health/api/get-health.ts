import useSWR from 'swr';

import { api } from '@/lib/api-client';
import type { Health } from '@/types/api';

/** GET /healthz: liveness and version of the API, shown on the home page. */
export const HEALTH_KEY = '/healthz';

export const getHealth = (): Promise<Health> => api.get<Health>(HEALTH_KEY);

export function useHealth() {
  return useSWR<Health>(HEALTH_KEY, getHealth);
}
