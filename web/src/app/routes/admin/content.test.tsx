import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderRoute } from '@/app/testing/render-route';
import { signedIn, stubFetch } from '@/testing/fake-api';
import type { ContentItem } from '@/types/api';

const admin = signedIn({ username: 'admin@example.com', isAdmin: true });

const STORED: ContentItem = {
  id: 7,
  title: 'Why I Still Like Boring Companies',
  description: null,
  url: 'https://bubbasporch.substack.com/p/boring',
  thumbnail: null,
  type: 'substack',
  platform: 'Substack',
  publishedAt: '2026-11-20T13:02:11Z',
  readTime: '2 min read',
};

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('/admin/content', () => {
  it('lists the items, adds one by hand, removes one and starts a sync, with toasts', async () => {
    let items: ContentItem[] = [STORED];
    const sent: Array<{ method: string; path: string; body: unknown }> = [];
    const spy = stubFetch({
      ...admin,
      '/api/admin/content': (_url, init) => {
        if (init?.method === 'POST') {
          const body = JSON.parse(String(init.body)) as Record<string, string>;
          sent.push({ method: 'POST', path: '/api/admin/content', body });
          const added: ContentItem = { ...STORED, id: 8, title: body.title ?? '', url: body.url ?? '', type: body.type ?? '', platform: null, readTime: null };
          items = [added, ...items];
          return { status: 201, body: added };
        }
        return { status: 200, body: items };
      },
      '/api/admin/content/7': () => {
        items = items.filter((i) => i.id !== 7);
        // The API answers 204; the fake's Response cannot carry a body with 204, so 200 and empty.
        return { status: 200, body: '' };
      },
      '/api/admin/content/sync': { status: 202, body: { jobId: 'job-1', joined: false } },
      // The sync job ends with a post from the feeds in the list.
      '/api/jobs/job-1': () => {
        items = [{ ...STORED, id: 9, title: 'Fresh From the Feed' }, ...items];
        return { status: 200, body: { id: 'job-1', queue: 'content-sync', status: 'succeeded', attempts: 1, maxAttempts: 3, progress: null, error: null } };
      },
    });
    renderRoute('/admin/content');
    expect(await screen.findByRole('heading', { level: 1, name: 'Content Feed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Content' })).toHaveAttribute('href', '/admin/content');
    const row = screen.getByRole('listitem', { name: STORED.title });
    expect(row).toHaveTextContent('Substack · Nov 20, 2026 · 2 min read');

    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Is Debt Always Bad?' } });
    fireEvent.change(screen.getByLabelText('Link'), { target: { value: 'https://www.youtube.com/watch?v=Lm7k2PorchB' } });
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'youtube' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(await screen.findByText('Content Added')).toBeInTheDocument();
    expect(sent[0]?.body).toMatchObject({ title: 'Is Debt Always Bad?', url: 'https://www.youtube.com/watch?v=Lm7k2PorchB', type: 'youtube' });
    expect(await screen.findByRole('listitem', { name: 'Is Debt Always Bad?' })).toBeInTheDocument();

    fireEvent.click(within(screen.getByRole('listitem', { name: STORED.title })).getByRole('button', { name: `Remove ${STORED.title}` }));
    expect(await screen.findByText('Content Removed')).toBeInTheDocument();
    const deleted = spy.mock.calls.find(([input, init]) => String(input).endsWith('/api/admin/content/7') && init?.method === 'DELETE');
    expect(deleted).toBeDefined();

    fireEvent.click(screen.getByRole('button', { name: 'Sync Feeds Now' }));
    // The page follows the sync's job and shows what it brought in, without a reload.
    expect(await screen.findByRole('listitem', { name: 'Fresh From the Feed' })).toBeInTheDocument();
    // The job ends at once here, so its end replaces the "Sync Started" toast.
    expect(await screen.findByText('Sync Finished')).toBeInTheDocument();
  });

  it('names the feed that failed and why', async () => {
    const reason = '0 new item(s) from 1 of 2 feed(s); failed: https://example.com/gone.xml: HTTP 404 Not Found';
    stubFetch({
      ...admin,
      '/api/admin/content': { status: 200, body: [STORED] },
      '/api/admin/content/sync': { status: 202, body: { jobId: 'job-2', joined: false } },
      '/api/jobs/job-2': {
        status: 200,
        body: { id: 'job-2', queue: 'content-sync', status: 'failed', attempts: 1, maxAttempts: 3, progress: null, error: reason },
      },
    });
    renderRoute('/admin/content');
    await screen.findByRole('heading', { level: 1, name: 'Content Feed' });
    fireEvent.click(screen.getByRole('button', { name: 'Sync Feeds Now' }));
    expect(await screen.findByText('Sync Failed')).toBeInTheDocument();
    expect(screen.getByText(reason)).toBeInTheDocument();
    expect(screen.queryByText('Sync Finished')).not.toBeInTheDocument();
  });

  it("shows the server's reason when an item is refused", async () => {
    stubFetch({
      ...admin,
      '/api/admin/content': (_url, init) =>
        init?.method === 'POST'
          ? { status: 409, body: { message: 'That link is already in the content feed.' } }
          : { status: 200, body: [STORED] },
    });
    renderRoute('/admin/content');
    await screen.findByRole('heading', { level: 1, name: 'Content Feed' });
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Dup' } });
    fireEvent.change(screen.getByLabelText('Link'), { target: { value: STORED.url } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(await screen.findByText('Failed to add content')).toBeInTheDocument();
    expect(screen.getByText('That link is already in the content feed.')).toBeInTheDocument();
  });
});
