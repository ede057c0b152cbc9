import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';

import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { userMessage } from '@/lib/api-client';
import { watchJob } from '@/lib/job-watch';
import { toast } from '@/lib/toast';
import { shortDate } from '@/utils/format';

import {
  CONTENT_TYPES,
  type ContentType,
  type NewContentItem,
  addContent,
  removeContent,
  syncContentNow,
  useAdminContent,
} from '../api/admin-content';

const EMPTY: NewContentItem = { title: '', url: '', type: 'substack', description: '', thumbnail: '', platform: '', readTime: '' };

/**
 * `/admin/content`: the home page's content feed. Items come from the feeds in
 * `CONTENT_FEEDS` (hourly, or "Sync Feeds Now"); the admin can add one by hand and remove any
 * (a removed link stays out even though its feed still lists it).
 */
export function ContentAdminPage() {
  const { data, error, isLoading } = useAdminContent();
  const { mutate } = useSWRConfig();
  const [draft, setDraft] = useState<NewContentItem>(EMPTY);
  const [busy, setBusy] = useState(false);
  const refresh = () => mutate((key) => typeof key === 'string' && key.startsWith('/api/') && key.includes('content'));
  // A started sync is followed until its job ends, then the list is re-read; leaving the page stops that.
  const following = useRef(new AbortController());
  useEffect(() => {
    const controller = new AbortController();
    following.current = controller;
    return () => controller.abort();
  }, []);

  if (isLoading) return <Spinner label="Loading content" />;
  if (error) {
    return (
      <Card className="mx-auto max-w-md text-center">
        <h1 className="font-serif text-2xl font-bold text-amber-900">Access Denied</h1>
        <p className="mt-2 text-stone-600">You don't have permission to access this admin page.</p>
      </Card>
    );
  }

  const set = (field: keyof NewContentItem) => (value: string) => setDraft((d) => ({ ...d, [field]: value }));

  async function onAdd(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const stored = await addContent(draft);
      toast({ title: 'Content Added', description: `"${stored.title}" is on the home page feed.` });
      setDraft(EMPTY);
      await refresh();
    } catch (err) {
      toast({ title: 'Failed to add content', description: userMessage(err, 'Please try again.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  async function onRemove(id: number, title: string) {
    try {
      await removeContent(id);
      toast({ title: 'Content Removed', description: `"${title}" is off the feed and stays off.` });
      await refresh();
    } catch (err) {
      toast({ title: 'Failed to remove content', description: userMessage(err, 'Please try again.'), variant: 'destructive' });
    }
  }

  async function onSync() {
    try {
      const { jobId } = await syncContentNow();
      toast({ title: 'Sync Started', description: 'Reading the feeds now; new posts show up here when it finishes.' });
      const signal = following.current.signal;
      // A feed that fails (a 404, a server error) fails the job with the feed and the reason;
      // say so at the first failed run (a retry can take minutes) and say how it ended.
      let told = false;
      const tellFailure = (error: string | null) => {
        if (told) return;
        told = true;
        toast({ title: 'Sync Failed', description: error ?? 'A feed could not be read.', variant: 'destructive' });
      };
      watchJob(jobId, { onUpdate: (job) => (job.status === 'retrying' ? tellFailure(job.error) : undefined), signal })
        .then((job) => {
          if (job.status === 'failed') tellFailure(job.error);
          else toast({ title: 'Sync Finished', description: job.progress?.message ?? 'The feeds are read.' });
          return refresh();
        })
        .catch(() => (signal.aborted ? undefined : refresh()));
    } catch (err) {
      toast({ title: 'Failed to start the sync', description: userMessage(err, 'Please try again.'), variant: 'destructive' });
    }
  }

  const items = data ?? [];
  return (
    <div className="space-y-6">
      <PageTitle title="Content Feed" subtitle="What the home page shows under the latest content." />
      <Card>
        <form aria-label="Add content" className="grid gap-3 md:grid-cols-2" onSubmit={(e) => void onAdd(e)}>
          <Field label="Title" required value={draft.title} onChange={(e) => set('title')(e.target.value)} />
          <Field label="Link" type="url" required placeholder="https://" value={draft.url} onChange={(e) => set('url')(e.target.value)} />
          <div>
            <label htmlFor="content-type" className="mb-1 block text-sm font-semibold text-stone-800">
              Type
            </label>
            <select
              id="content-type"
              value={draft.type}
              onChange={(e) => set('type')(e.target.value as ContentType)}
              className="w-full rounded-lg border border-stone-300 bg-white px-3 py-2"
            >
              {CONTENT_TYPES.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          </div>
          <Field label="Platform" placeholder="Substack, YouTube, Instagram" value={draft.platform} onChange={(e) => set('platform')(e.target.value)} />
          <Field label="Thumbnail" type="url" placeholder="https://" value={draft.thumbnail} onChange={(e) => set('thumbnail')(e.target.value)} />
          <Field label="Read time" placeholder="5 min read" value={draft.readTime} onChange={(e) => set('readTime')(e.target.value)} />
          <Field label="Description" className="md:col-span-2" value={draft.description} onChange={(e) => set('description')(e.target.value)} />
          <div className="flex gap-2 md:col-span-2">
            <Button type="submit" disabled={busy}>
              Add Item
            </Button>
            <Button variant="outline" onClick={() => void onSync()}>
              Sync Feeds Now
            </Button>
          </div>
        </form>
      </Card>
      <Card>
        {items.length === 0 ? (
          <p className="text-stone-600">Nothing in the feed yet. Add an item, or sync the feeds.</p>
        ) : (
          <ul aria-label="Content items" className="divide-y divide-stone-200">
            {items.map((item) => (
              <li key={item.id} aria-label={item.title} className="flex items-center justify-between gap-3 py-2">
                <div className="min-w-0">
                  <a href={item.url} target="_blank" rel="noopener noreferrer" className="font-semibold text-amber-900 underline">
                    {item.title}
                  </a>
                  <p className="text-xs text-stone-500">
                    {[item.platform ?? item.type, item.publishedAt ? shortDate(item.publishedAt) : null, item.readTime].filter(Boolean).join(' · ')}
                  </p>
                </div>
                <Button variant="danger" aria-label={`Remove ${item.title}`} onClick={() => void onRemove(item.id, item.title)}>
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
