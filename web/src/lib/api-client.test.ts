import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ANONYMOUS_SESSION_KEY } from './anonymous-session';
import { api, apiFetch, ApiError } from './api-client';

type FetchArgs = [string, RequestInit];

function mockFetch(response: Response) {
  const spy = vi.fn<(...args: FetchArgs) => Promise<Response>>().mockResolvedValue(response);
  vi.stubGlobal('fetch', spy);
  return spy;
}

function sentHeaders(spy: ReturnType<typeof mockFetch>): Record<string, string> {
  const init = spy.mock.calls[0]?.[1];
  return (init?.headers ?? {}) as Record<string, string>;
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('api-client errors', () => {
  it('raises "{status}: {body}" for a non-OK answer', async () => {
    mockFetch(new Response('{"message":"nope"}', { status: 403, statusText: 'Forbidden' }));
    const error = await api.get('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('403: {"message":"nope"}');
  });

  it('falls back to the status text when the body is empty', async () => {
    mockFetch(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    const error = await api.get('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('503: Service Unavailable');
    expect((error as ApiError).status).toBe(503);
  });

  it('throws on 401 by default', async () => {
    mockFetch(new Response('Unauthorized', { status: 401 }));
    await expect(api.get('/api/user')).rejects.toThrow('401: Unauthorized');
  });

  it('turns a 401 into null when asked (current-user call)', async () => {
    mockFetch(new Response('Unauthorized', { status: 401 }));
    await expect(api.getOrNull('/api/user')).resolves.toBeNull();
  });

  it('still throws other errors when 401 would be null', async () => {
    mockFetch(new Response('boom', { status: 500 }));
    await expect(api.getOrNull('/api/user')).rejects.toThrow('500: boom');
  });
});

describe('api-client requests', () => {
  it('always sends cookies and parses JSON', async () => {
    const spy = mockFetch(Response.json({ status: 'ok' }));
    await expect(api.get('/healthz')).resolves.toEqual({ status: 'ok' });
    expect(spy.mock.calls[0]?.[1].credentials).toBe('include');
    expect(spy.mock.calls[0]?.[1].method).toBe('GET');
  });

  it('marks every call with X-Requested-With for the server\'s CSRF rule', async () => {
    const spy = mockFetch(Response.json({}));
    await api.post('/api/admin/batch-job/stop');
    expect(sentHeaders(spy)['X-Requested-With']).toBe('fetch');
  });

  it('sends x-session-id only when the local-storage id exists', async () => {
    let spy = mockFetch(Response.json({}));
    await api.get('/api/x');
    expect(sentHeaders(spy)).not.toHaveProperty('x-session-id');

    localStorage.setItem(ANONYMOUS_SESSION_KEY, 'anon-123');
    spy = mockFetch(Response.json({}));
    await api.get('/api/x');
    expect(sentHeaders(spy)['x-session-id']).toBe('anon-123');
  });

  it('sends JSON bodies with the JSON content type', async () => {
    const spy = mockFetch(Response.json({ ok: true }));
    await api.post('/api/login', { username: 'a@b.c', password: 'pw' });
    const init = spy.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"username":"a@b.c","password":"pw"}');
    expect(sentHeaders(spy)['Content-Type']).toBe('application/json');
  });

  it('sends no content type without a body', async () => {
    const spy = mockFetch(Response.json({}));
    await api.get('/api/x');
    expect(sentHeaders(spy)).not.toHaveProperty('Content-Type');
  });

  it('answers undefined for an empty OK body', async () => {
    mockFetch(new Response(null, { status: 204 }));
    await expect(api.post('/api/logout', { sessionId: 'x' })).resolves.toBeUndefined();
  });

  it('hands back the raw response for streaming callers', async () => {
    mockFetch(new Response('chunked text'));
    const res = await apiFetch('/api/chat/generic', { method: 'POST', body: { message: 'hi' } });
    await expect(res.text()).resolves.toBe('chunked text');
  });
});

describe('userMessage', () => {
  it('uses the server {message} when there is one', async () => {
    const { userMessage } = await import('./api-client');
    expect(userMessage(new ApiError(400, '400: x', '{"message":"Bad name"}'), 'fallback')).toBe('Bad name');
    expect(userMessage(new ApiError(500, '500: oops', 'oops'), 'fallback')).toBe('fallback');
    expect(userMessage(new TypeError('Failed to fetch'), 'fallback')).toBe('fallback');
  });
});
