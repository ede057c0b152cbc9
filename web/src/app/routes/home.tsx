import { PRODUCT_NAME, TAGLINE } from '@/config/constants';
import { ChatWidget } from '@/features/chat/components/chat-widget';
import { SignupHint } from '@/features/anonymous-trial/components/signup-hint';
import { TrialCounterBar } from '@/features/anonymous-trial/components/trial-counter-bar';
import { LatestContent } from '@/features/content/components/latest-content';
import { EarningsBanner } from '@/features/earnings/components/earnings-banner';
import { TickerSearch } from '@/features/ticker-search/components/ticker-search';
import { TopStocksTabs } from '@/features/top-stocks/components/top-stocks-tabs';

/** Home page (spec 000 "Home page"), with the floating chat widget (generic chat). */
export function Component() {
  return (
    <div className="space-y-6">
      <title>{`${PRODUCT_NAME}: ${TAGLINE}`}</title>
      <TrialCounterBar />
      <EarningsBanner />
      <section className="rounded-2xl border border-amber-200 bg-white p-5 shadow-sm sm:p-8">
        <h1 className="font-serif text-3xl font-bold text-amber-900 sm:text-4xl">Howdy, I'm Bubba.</h1>
        <p className="mt-3 max-w-2xl text-stone-700">
          Give me a company name or a ticker and I'll read its annual report so you don't have to. You'll get a score out
          of 100 from 12 plain questions, a chart for each, and my honest two cents on whether the porch is sturdy or the
          boards are rotten.
        </p>
        <div className="mt-5 max-w-xl">
          <TickerSearch variant="hero" />
        </div>
      </section>
      <SignupHint />
      <TopStocksTabs />
      <LatestContent />
      <ChatWidget />
    </div>
  );
}
