import { Card } from '@/components/ui/card';
import { PageTitle } from '@/components/ui/page-title';

type PlaceholderPageProps = { title: string };

/** Stand-in for pages whose issue has not landed yet; honest about it. */
export function PlaceholderPage({ title }: PlaceholderPageProps) {
  return (
    <Card>
      <PageTitle title={title} />
      <p className="mt-3 text-stone-600">This page is coming soon.</p>
    </Card>
  );
}
