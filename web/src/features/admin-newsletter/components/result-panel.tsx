import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/lib/toast';
import type { NewsletterOut } from '@/types/generated/NewsletterOut';

/** The written newsletter: read-only title and content, Copy, and the charts (spec 001 section 2). */
export function ResultPanel({ result }: { result: NewsletterOut }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(result.content);
      toast({ title: 'Copied!', description: 'The newsletter is on your clipboard.' });
    } catch (error) {
      console.warn('Copy failed', error);
      toast({ title: 'Copy Failed', description: 'Select the text and copy it by hand.', variant: 'destructive' });
    }
  };
  return (
    <Card className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">Your Newsletter</h2>
        <Button onClick={copy}>Copy</Button>
      </div>
      {result.notice ? (
        <p role="status" className="rounded-lg bg-amber-50 p-2 text-sm text-amber-900">
          {result.notice}
        </p>
      ) : null}
      <label className="block text-sm font-semibold text-stone-800">
        Title
        <input readOnly value={result.title} className="mt-1 block w-full rounded-lg border border-stone-300 bg-stone-50 px-3 py-2 font-normal" />
      </label>
      <label className="block text-sm font-semibold text-stone-800">
        Content
        <textarea
          readOnly
          rows={18}
          value={result.content}
          className="mt-1 block w-full rounded-lg border border-stone-300 bg-stone-50 px-3 py-2 font-mono text-sm font-normal"
        />
      </label>
      <p className="text-sm text-stone-600">
        Charts: {result.chartUrls.length} · written by {result.writer === 'offline' ? 'Bubba, from the records' : result.writer}
      </p>
      {result.chartUrls.length > 0 ? (
        <div className="grid gap-2 sm:grid-cols-2">
          {result.chartUrls.map((url) => (
            <img key={url} src={url} alt="" loading="lazy" className="w-full rounded border border-stone-200" />
          ))}
        </div>
      ) : null}
    </Card>
  );
}
