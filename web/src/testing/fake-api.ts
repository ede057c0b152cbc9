import { vi } from 'vitest';

type Answer = { status: number; body?: unknown };

/**
 * Canned answers by URL path (query string ignored), or a function of the URL
 * and request for answers that change; anything unlisted answers 404 so a test notices.
 */
export type FakeApi = Record<string, Answer | ((url: URL, init?: RequestInit) => Answer)>;

export function stubFetch(fakeApi: FakeApi) {
  const spy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const entry = fakeApi[url.pathname];
    const answer = typeof entry === 'function' ? entry(url, init) : (entry ?? { status: 404, body: 'Not Found' });
    const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? '');
    return new Response(text, { status: answer.status });
  });
  vi.stubGlobal('fetch', spy);
  return spy;
}

/** The URLs (path + query) a fetch spy was called with, in order. */
export const calledUrls = (spy: ReturnType<typeof stubFetch>) =>
  spy.mock.calls.map(([input]) => {
    const url = new URL(String(input), 'http://localhost');
    return url.pathname + url.search;
  });

/** Nobody signed in, as the API says it: `null` to the app's `?optional=true` form, 401 to the bare call. */
export const SIGNED_OUT: FakeApi = {
  '/api/user': (url) => (url.searchParams.get('optional') === 'true' ? { status: 200, body: 'null' } : { status: 401, body: 'Unauthorized' }),
};
export const signedIn = (user: Record<string, unknown> = {}): FakeApi => ({
  '/api/user': { status: 200, body: { id: 1, username: 'joe@example.com', isAdmin: false, ...user } },
});
