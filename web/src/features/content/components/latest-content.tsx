import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { CONTENT_LIMIT, NEWSLETTER_URL } from '@/config/constants';
import { userMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import type { ContentItem } from '@/types/api';
import { relativeTime } from '@/utils/format';

import { useContent } from '../api/get-content';

const PLATFORM_LABEL: Record<string, string> = { substack: 'Newsletter', youtube: 'YouTube', instagram: 'Instagram' };

/**
 * Latest content (spec 000 "Home page" and section 4): loading skeleton, an
 * error with Try Again, hidden when there is nothing to show.
 */
export function LatestContent({ limit = CONTENT_LIMIT }: { limit?: number }) {
  const { data, error, isLoading, mutate } = useContent(limit);

  if (isLoading) {
    return (
      <section aria-label="Latest content" className="space-y-3">
        <h2 className="font-serif text-2xl font-bold text-amber-900">Fresh off the porch</h2>
        <div role="status" aria-label="Loading latest content" className="grid gap-4 md:grid-cols-3">
          {Array.from({ length: limit }, (_, i) => (
            <div key={i} className="h-64 animate-pulse rounded-2xl bg-amber-100" />
          ))}
        </div>
      </section>
    );
  }

  if (error) {
    return (
      <section aria-label="Latest content" className="rounded-2xl border border-red-200 bg-red-50 p-5 text-center">
        <h2 className="font-semibold text-red-800">Unable to load latest content</h2>
        <p className="mt-1 text-sm text-stone-600">{userMessage(error, 'Failed to load content')}</p>
        <Button variant="outline" className="mt-3" onClick={() => void mutate()}>
          Try Again
        </Button>
      </section>
    );
  }

  if (!data || data.length === 0) return null;

  return (
    <section aria-labelledby="latest-content-title" className="space-y-3">
      <h2 id="latest-content-title" className="font-serif text-2xl font-bold text-amber-900">
        Fresh off the porch
      </h2>
      <ul className="grid gap-4 md:grid-cols-3">
        {data.map((item) => (
          <ContentCard key={item.id} item={item} />
        ))}
      </ul>
      {data.length >= limit ? (
        <div className="text-center">
          <a href={NEWSLETTER_URL} target="_blank" rel="noopener noreferrer" className="font-semibold text-amber-900 underline">
            View All Content
          </a>
        </div>
      ) : null}
    </section>
  );
}

async function share(item: ContentItem) {
  try {
    if (navigator.share) {
      await navigator.share({ title: item.title, url: item.url });
    } else {
      await navigator.clipboard.writeText(item.url);
      toast({ title: 'Link copied', description: 'Paste it wherever your friends hang out.' });
    }
  } catch {
    // The visitor closed the share sheet; nothing to report.
  }
}

function ContentCard({ item }: { item: ContentItem }) {
  const platform = item.platform || PLATFORM_LABEL[item.type] || item.type;
  const readTime = typeof item.readTime === 'number' ? `${item.readTime} min read` : item.readTime;
  return (
    <li className="flex flex-col overflow-hidden rounded-2xl border border-amber-200 bg-white shadow-sm">
      <CardPicture src={item.thumbnail} type={item.type} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-center gap-2 text-xs">
          <span className="rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900">{platform}</span>
          {item.publishedAt ? <time dateTime={item.publishedAt} className="text-stone-500">{relativeTime(item.publishedAt)}</time> : null}
        </div>
        <h3 className="font-semibold text-stone-900">{item.title}</h3>
        {item.description ? <p className="line-clamp-3 text-sm text-stone-600">{item.description}</p> : null}
        <div className="mt-auto flex items-center justify-between pt-2 text-sm">
          <span className="text-stone-500">{readTime}</span>
          <span className="flex gap-2">
            <button type="button" onClick={() => void share(item)} className="rounded px-2 py-1 text-amber-900 hover:bg-amber-100" aria-label={`Share ${item.title}`}>
              Share
            </button>
            <a href={item.url} target="_blank" rel="noopener noreferrer" className="rounded bg-amber-700 px-3 py-1 font-semibold text-white hover:bg-amber-800">
              Read More
            </a>
          </span>
        </div>
      </div>
    </li>
  );
}

/**
 * Every card has the same 16:9 picture area, so a row of cards lines up: the thumbnail, or a
 * plain panel with the kind's icon when there is none or it fails to load (no broken box).
 */
const PLACEHOLDER_ICON: Record<string, string> = { youtube: '\u25B6\uFE0F', instagram: '\u{1F4F7}' };

function CardPicture({ src, type }: { src: string | null | undefined; type: string }) {
  const [failed, setFailed] = useState(false);
  if (src && !failed) {
    return <img src={src} alt="" loading="lazy" onError={() => setFailed(true)} className="aspect-video w-full bg-amber-50 object-cover" />;
  }
  return (
    <div
      aria-hidden="true"
      data-testid="content-picture-placeholder"
      className="flex aspect-video w-full items-center justify-center bg-gradient-to-br from-amber-100 to-amber-200 text-4xl"
    >
      {PLACEHOLDER_ICON[type] ?? '\u{1F4F0}'}
    </div>
  );
}
