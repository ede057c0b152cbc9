import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { NEWSLETTER_URL } from '@/config/constants';
import { stubFetch } from '@/testing/fake-api';
import { TestSWRConfig } from '@/testing/swr';

import { LatestContent } from './latest-content';

const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000).toISOString();

const VIDEO = {
    id: 3,
    title: 'How to Read a 10-K Without Falling Asleep',
    description: 'Bubba walks through the three parts of an annual report that matter.',
    url: 'https://www.youtube.com/watch?v=Xq3b9PorchA',
    thumbnail: 'https://i2.ytimg.com/vi/Xq3b9PorchA/hqdefault.jpg',
    type: 'youtube',
    platform: 'YouTube',
    publishedAt: hoursAgo(2),
    readTime: null,
};
const POST = {
    id: 2,
    title: 'Why I Still Like Boring Companies',
    description: 'Steady earnings beat flashy stories & big promises',
    url: 'https://bubbasporch.substack.com/p/why-i-still-like-boring-companies',
    thumbnail: null,
    type: 'substack',
    platform: 'Substack',
    publishedAt: hoursAgo(26),
    readTime: '2 min read',
};
const TEA = {
    id: 1,
    title: 'Dividends, Explained Over Sweet Tea',
    description: null,
    url: 'https://bubbasporch.substack.com/p/dividends',
    thumbnail: null,
    type: 'substack',
    platform: null,
    publishedAt: null,
    readTime: '1 min read',
};
const ITEMS = [VIDEO, POST, TEA];

/** The i-th element, which the test has just waited for. */
const nth = (elements: HTMLElement[], i: number): HTMLElement => {
  const element = elements[i];
  if (!element) throw new Error(`no element ${i}`);
  return element;
};

const renderFeed = (limit?: number) =>
  render(
    <TestSWRConfig>
      <LatestContent limit={limit} />
    </TestSWRConfig>,
  );

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('latest content feed', () => {
  it('shows one skeleton card per expected item while loading', () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => {})));
    renderFeed(3);
    const loading = screen.getByRole('status', { name: 'Loading latest content' });
    expect(loading.children).toHaveLength(3);
    expect(screen.queryByText('Unable to load latest content')).not.toBeInTheDocument();
  });

  it('asks for the limit and shows each card with badge, time, description, read time, share and Read More', async () => {
    const spy = stubFetch({ '/api/content': { status: 200, body: ITEMS } });
    renderFeed(3);
    const cards = await screen.findAllByRole('listitem');
    expect(String(spy.mock.calls[0]?.[0])).toContain('/api/content?limit=3');
    expect(cards).toHaveLength(3);

    const video = within(nth(cards, 0));
    expect(video.getByText('How to Read a 10-K Without Falling Asleep')).toBeInTheDocument();
    expect(video.getByText('YouTube')).toBeInTheDocument();
    expect(video.getByText('2 hours ago')).toBeInTheDocument();
    expect(nth(cards, 0).querySelector('img')).toHaveAttribute('src', VIDEO.thumbnail);
    expect(video.getByRole('link', { name: 'Read More' })).toHaveAttribute('href', VIDEO.url);
    expect(video.getByRole('link', { name: 'Read More' })).toHaveAttribute('target', '_blank');
    expect(video.getByRole('button', { name: `Share ${VIDEO.title}` })).toBeInTheDocument();

    const post = within(nth(cards, 1));
    expect(post.getByText('Substack')).toBeInTheDocument();
    expect(post.getByText('2 min read')).toBeInTheDocument();
    expect(post.getByText('Steady earnings beat flashy stories & big promises')).toBeInTheDocument();
    // No platform stored: the type's label stands in.
    expect(within(nth(cards, 2)).getByText('Newsletter')).toBeInTheDocument();
    // Cards without a picture keep the same picture area, so the row lines up.
    expect(within(nth(cards, 1)).getByTestId('content-picture-placeholder')).toHaveClass('aspect-video');
  });

  it('a thumbnail that fails to load gives way to the placeholder, not a broken image', async () => {
    stubFetch({ '/api/content': { status: 200, body: ITEMS } });
    renderFeed(3);
    const cards = await screen.findAllByRole('listitem');
    const img = nth(cards, 0).querySelector('img')!;
    fireEvent.error(img);
    expect(nth(cards, 0).querySelector('img')).toBeNull();
    expect(within(nth(cards, 0)).getByTestId('content-picture-placeholder')).toBeInTheDocument();
  });

  it('offers View All Content once the feed fills the limit, and not before', async () => {
    stubFetch({ '/api/content': { status: 200, body: ITEMS } });
    const { unmount } = renderFeed(3);
    const all = await screen.findByRole('link', { name: 'View All Content' });
    expect(all).toHaveAttribute('href', NEWSLETTER_URL);
    unmount();

    stubFetch({ '/api/content': { status: 200, body: ITEMS.slice(0, 2) } });
    renderFeed(3);
    await screen.findAllByRole('listitem');
    expect(screen.queryByRole('link', { name: 'View All Content' })).not.toBeInTheDocument();
  });

  it('is hidden when empty, and an error offers Try Again that asks again', async () => {
    stubFetch({ '/api/content': { status: 200, body: [] } });
    const { container, unmount } = renderFeed(3);
    await vi.waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(container).toBeEmptyDOMElement();
    unmount();

    let calls = 0;
    stubFetch({
      '/api/content': () => (++calls === 1 ? { status: 503, body: { message: 'down' } } : { status: 200, body: ITEMS.slice(0, 1) }),
    });
    renderFeed(3);
    expect(await screen.findByRole('heading', { name: 'Unable to load latest content' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText(VIDEO.title)).toBeInTheDocument();
  });
});
