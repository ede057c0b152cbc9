import useSWR from 'swr';

import { api } from '@/lib/api-client';
import type { AdminStock } from '@/types/generated/AdminStock';
import type { NewsletterOut } from '@/types/generated/NewsletterOut';
import type { NewsletterQueuedOut } from '@/types/generated/NewsletterQueuedOut';
import type { NewsletterSettings } from '@/types/generated/NewsletterSettings';
import type { TemplateOut } from '@/types/generated/TemplateOut';

/** The newsletter calls (spec 001 section 7, "Other admin"). */
export const newsletterKeys = {
  stocks: '/api/admin/stocks',
  templates: '/api/admin/newsletter-templates',
} as const;

export const useNewsletterStocks = () => useSWR<AdminStock[]>(newsletterKeys.stocks);

export const useNewsletterTemplates = () => useSWR<TemplateOut[]>(newsletterKeys.templates);

export type GenerateBody = {
  stocks: string[];
  prompt: string;
  settings: NewsletterSettings;
  isCustomPrompt: boolean;
};

/** How long the server may wait before answering 202 with a job to follow (seconds). */
const WAIT_SECONDS = 2;

/** The newsletter when it is written within the wait, else the job that is writing it. */
export const generateNewsletter = (body: GenerateBody) =>
  api.post<NewsletterOut | NewsletterQueuedOut>(`/api/admin/generate-newsletter?wait=${WAIT_SECONDS}`, body);

/** A job's newsletter (202 `{jobId, message}` while it is still being written). */
export const getNewsletter = (jobId: string) =>
  api.get<NewsletterOut | NewsletterQueuedOut>(`/api/admin/newsletters/${encodeURIComponent(jobId)}`);

export const isWritten = (answer: NewsletterOut | NewsletterQueuedOut): answer is NewsletterOut => 'content' in answer;
