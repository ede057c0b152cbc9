import { api } from '@/lib/api-client';

/** POST /api/report-bug {email, subject, description}; any non-OK answer is a failure. */
export type BugReport = { email: string; subject: string; description: string };

export const reportBug = (report: BugReport) => api.post<unknown>('/api/report-bug', report);
