import useSWR from 'swr';

import { api } from '@/lib/api-client';
import type { Alerts, AlertSettings, MarkReadOut } from '@/types/api';

/** GET /api/alerts: the bell's unread count and list. */
export const ALERTS_KEY = '/api/alerts';

export function useAlerts(enabled = true) {
  return useSWR<Alerts>(enabled ? ALERTS_KEY : null, (url: string) => api.get<Alerts>(url), {
    refreshInterval: 60_000,
  });
}

/** POST /api/alerts/read: `ids`, or every alert when left out. */
export const markAlertsRead = (ids?: number[]) => api.post<MarkReadOut>(`${ALERTS_KEY}/read`, ids ? { ids } : {});

/** GET/PUT /api/alert-settings. */
export const ALERT_SETTINGS_KEY = '/api/alert-settings';

export function useAlertSettings() {
  return useSWR<AlertSettings>(ALERT_SETTINGS_KEY, (url: string) => api.get<AlertSettings>(url));
}

export const saveAlertSettings = (settings: AlertSettings) => api.put<AlertSettings>(ALERT_SETTINGS_KEY, settings);
