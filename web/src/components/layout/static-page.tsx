import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { PageTitle } from '@/components/ui/page-title';
import { paths } from '@/config/paths';

type StaticPageProps = {
  title: string;
  subtitle?: string;
  /** Legal pages link back to /auth (spec 000 section 2). */
  backToAuth?: boolean;
  children: ReactNode;
};

/** A readable text page: title, prose, and the Back link where the spec asks for one. */
export function StaticPage({ title, subtitle, backToAuth, children }: StaticPageProps) {
  return (
    <article className="mx-auto max-w-3xl rounded-2xl border border-amber-200 bg-white p-5 shadow-sm sm:p-8">
      {backToAuth ? (
        <Link to={paths.auth.getHref()} className="mb-4 inline-block text-sm font-semibold text-amber-900 underline">
          ← Back
        </Link>
      ) : null}
      <PageTitle title={title} subtitle={subtitle} />
      <div className="prose-bubba mt-6 space-y-4 text-stone-800">{children}</div>
    </article>
  );
}
