import { Card } from '@/components/ui/card';
import { PRODUCT_NAME, TAGLINE } from '@/config/constants';
import { ServiceStatus } from '@/features/health/components/service-status';

/** Home page (spec 000 "Home page"). Search, Top 25 and the content feed come in later issues. */
export function Component() {
  return (
    <div className="space-y-6">
      <title>{`${PRODUCT_NAME}: ${TAGLINE}`}</title>
      <Card>
        <h1 className="font-serif text-3xl font-bold text-amber-900">Howdy, I'm Bubba.</h1>
        <p className="mt-3 max-w-2xl text-stone-700">
          Give me a company name or a ticker and I'll read the annual report so you don't have to. You'll get a
          score out of 100 and a plain-English take on whether the porch is sturdy or the boards are rotten.
        </p>
        <p className="mt-3 text-stone-500">
          The search box is still getting its last coat of paint. Check back soon.
        </p>
      </Card>
      <ServiceStatus />
    </div>
  );
}
