import { getAnonymousSessionId } from './anonymous-session';

/**
 * The one HTTP helper every feature uses (spec 000 section 7, "Shared behaviour"):
 * cookies always travel, the anonymous session id rides in `x-session-id`,
 * bodies are JSON, and any non-OK answer becomes `Error("{status}: {body}")`.
 */
export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Serialised as JSON; FormData is passed through untouched (uploads). */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

export type ReadOptions = RequestOptions & {
  /** 'returnNull' turns a 401 into `null` (the current-user call uses this). */
  on401?: 'throw' | 'returnNull';
};

/**
 * An `Error` whose message is exactly the catalogue's "{status}: {body}"
 * (status text when the body is empty); `status` saves callers from parsing it.
 */
export class ApiError extends Error {
  readonly status: number;
  /** The raw response body (may be empty). */
  readonly body: string;
  constructor(status: number, message: string, body = '') {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** The server's `{message}` (or `{error}`) when the body is such JSON, else null. */
  get serverMessage(): string | null {
    try {
      const parsed: unknown = JSON.parse(this.body);
      if (parsed && typeof parsed === 'object') {
        const { message, error } = parsed as { message?: unknown; error?: unknown };
        if (typeof message === 'string' && message) return message;
        if (typeof error === 'string' && error) return error;
      }
    } catch {
      // Not JSON.
    }
    return null;
  }
}

export async function errorFromResponse(res: Response): Promise<ApiError> {
  const bodyText = await res.text().catch(() => '');
  return new ApiError(res.status, `${res.status}: ${bodyText || res.statusText}`, bodyText);
}

/** What to tell a person about a failed call: the server's message, or `fallback`. */
export function userMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return fallback;
}

/**
 * Low-level call: returns the raw Response after the non-OK check, so streamed
 * replies (chat) can read the body incrementally.
 */
export async function apiFetch(url: string, options: RequestOptions = {}): Promise<Response> {
  // The server's CSRF rule: a state-changing call must be JSON or carry this header, which
  // a cross-site form cannot send (uploads and body-less POSTs rely on it).
  const headers: Record<string, string> = { 'X-Requested-With': 'fetch', ...options.headers };
  const sessionId = getAnonymousSessionId();
  if (sessionId) headers['x-session-id'] = sessionId;

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  const res = await fetch(url, {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    credentials: 'include',
    headers,
    body,
    signal: options.signal,
  });
  if (!res.ok) throw await errorFromResponse(res);
  return res;
}

async function parseJson<T>(res: Response): Promise<T> {
  // Some endpoints answer 200/204 with no body; treat that as "no value".
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export function apiRequest<T>(url: string, options: ReadOptions & { on401: 'returnNull' }): Promise<T | null>;
export function apiRequest<T>(url: string, options?: ReadOptions): Promise<T>;
export async function apiRequest<T>(url: string, options: ReadOptions = {}): Promise<T | null> {
  const { on401 = 'throw', ...rest } = options;
  try {
    return await parseJson<T>(await apiFetch(url, rest));
  } catch (error) {
    if (on401 === 'returnNull' && error instanceof ApiError && error.status === 401) {
      return null;
    }
    throw error;
  }
}

export const api = {
  get: <T>(url: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(url, { ...options, method: 'GET' }),
  /** GET that answers `null` instead of throwing on 401 (the current user). */
  getOrNull: <T>(url: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(url, { ...options, method: 'GET', on401: 'returnNull' }),
  post: <T>(url: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>(url, { ...options, method: 'POST', body }),
  put: <T>(url: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>(url, { ...options, method: 'PUT', body }),
  patch: <T>(url: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>(url, { ...options, method: 'PATCH', body }),
  delete: <T>(url: string, options?: RequestOptions) => apiRequest<T>(url, { ...options, method: 'DELETE' }),
};

/** Default SWR fetcher: SWR keys are the URL (ENGINEERING.md, web section). */
export const swrFetcher = <T>(url: string): Promise<T> => api.get<T>(url);
