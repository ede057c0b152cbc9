import { Link } from 'react-router';

import { Card } from '@/components/ui/card';
import { PageTitle } from '@/components/ui/page-title';
import { paths } from '@/config/paths';

/** Catch-all for unknown addresses (spec 000 section 2, "anything else"). */
export function Component() {
  return (
    <Card className="mx-auto max-w-xl text-center">
      <PageTitle title="Page Not Found" />
      <p className="mt-3 text-stone-700">
        I looked under the porch, behind the paint cans and in the junk drawer. This page isn't anywhere.
      </p>
      <Link
        to={paths.home.getHref()}
        className="mt-6 inline-block rounded-lg bg-amber-700 px-4 py-2 font-semibold text-white hover:bg-amber-800"
      >
        Take me home
      </Link>
    </Card>
  );
}
