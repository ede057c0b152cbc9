import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { FREE_CHAT_QUERIES } from '@/config/constants';
import { paths } from '@/config/paths';
import { userMessage } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import { toast } from '@/lib/toast';
import type { PricingTier } from '@/types/api';

import { createCheckoutSession, goToCheckout, verifyPayment } from '../api/checkout';
import { usePricing, useRemainingQueries } from '../api/get-pricing';
import { markCredited } from '../utils/credited-checkouts';

/** Spec 001 has no text for a cancelled checkout: an honest line in Bubba's voice (README). */
export const CHECKOUT_CANCELED = "No harm done: you backed out before paying, so nothing was charged. The packs will be right here when you're ready.";

export const PAYMENTS_OFF = "Payments are not set up on this server, so query packs can't be bought right now.";

const FAQ: [string, string][] = [
  ['Do purchased queries expire?', "No sir. Queries you buy stay on your account until you use 'em."],
  ['What counts as a query?', 'Every message you send Bubba in the chat is one query, on the home page or on a stock page.'],
  ['Which do I use first?', `Your ${FREE_CHAT_QUERIES} free queries go first; purchased ones kick in after that.`],
  ['How do I pay?', 'Checkout happens on our payment provider\u2019s secure page. We never see your card number.'],
];

/** /pricing (spec 001 sections 2, 4 and 9): remaining queries, free box, three packs, FAQ, disclaimer. */
export function PricingPage() {
  const { isSignedIn } = useUser();
  const { pricing, error, isLoading, mutate } = usePricing();
  const { remaining, mutate: refreshUsage } = useRemainingQueries(isSignedIn);
  const navigate = useNavigate();
  const [buying, setBuying] = useState<string | null>(null);
  useVerifyReturn(() => void refreshUsage());
  useCanceledReturn();

  const buy = async (tier: PricingTier) => {
    if (!isSignedIn) {
      await navigate(paths.auth.getHref());
      return;
    }
    setBuying(tier.id);
    try {
      const checkout = await createCheckoutSession(tier.id);
      goToCheckout(checkout.url);
    } catch (err) {
      toast({
        title: 'Purchase Error',
        description: err instanceof Error ? err.message : 'Something went wrong.',
        variant: 'destructive',
      });
      setBuying(null);
    }
  };

  return (
    <div className="space-y-6">
      <Card>
        <PageTitle title="Pricing" subtitle="Top up your chat queries with Bubba. Buy once, keep 'em forever." />
        {isSignedIn && remaining !== null ? (
          <p className="mt-3 font-semibold text-amber-900">
            You have {remaining} {remaining === 1 ? 'query' : 'queries'} remaining.
          </p>
        ) : null}
      </Card>

      <Card className="border-green-200 bg-green-50">
        <h2 className="font-serif text-xl font-bold text-green-900">{FREE_CHAT_QUERIES} free queries</h2>
        <p className="mt-1 text-green-900">
          Every new account gets {FREE_CHAT_QUERIES} free chat queries, once. No card needed.
        </p>
      </Card>

      {pricing && !pricing.paymentsEnabled ? (
        <p role="status" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900">
          {PAYMENTS_OFF}
        </p>
      ) : null}

      {isLoading ? <Spinner label="Loading packs" /> : null}
      {error ? (
        <Card>
          <p role="alert" className="text-red-700">
            {userMessage(error, "We couldn't load the packs.")}
          </p>
          <Button className="mt-3" onClick={() => void mutate()}>
            Try Again
          </Button>
        </Card>
      ) : null}

      {pricing ? (
        <div className="grid gap-4 md:grid-cols-3">
          {pricing.tiers.map((tier) => (
            <section
              key={tier.id}
              aria-label={tier.name}
              className={`rounded-2xl border bg-white p-5 shadow-sm ${tier.popular ? 'border-amber-500 ring-2 ring-amber-400' : 'border-stone-200'}`}
            >
              {tier.popular ? (
                <p className="mb-2 inline-block rounded-full bg-amber-700 px-3 py-1 text-xs font-bold text-white">
                  Most Popular
                </p>
              ) : null}
              <h2 className="font-serif text-xl font-bold text-amber-900">{tier.name}</h2>
              <p className="mt-2 text-3xl font-bold">${tier.price.toFixed(2)}</p>
              <p className="text-stone-600">{tier.queries} queries</p>
              <p className="text-sm text-stone-500">{tier.centsPerQuery}¢ per query</p>
              <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-stone-700">
                {tier.features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
              <Button
                className="mt-4 w-full"
                disabled={!pricing.paymentsEnabled || buying !== null}
                onClick={() => void buy(tier)}
              >
                {buying === tier.id ? 'Redirecting...' : `Buy ${tier.name}`}
              </Button>
            </section>
          ))}
        </div>
      ) : null}

      <Card>
        <h2 className="font-serif text-xl font-bold text-amber-900">Frequently asked questions</h2>
        <dl className="mt-3 space-y-3">
          {FAQ.map(([q, a]) => (
            <div key={q}>
              <dt className="font-semibold">{q}</dt>
              <dd className="text-stone-700">{a}</dd>
            </div>
          ))}
        </dl>
      </Card>

      <p className="text-sm text-stone-500">
        A query pack buys conversation with Bubba, not recommendations to trade on: everything he says is for
        educational purposes only. Do your own homework before you invest.
      </p>
    </div>
  );
}

/** Back from the hosted checkout with `canceled=true`: say nothing was charged, clean the URL. */
function useCanceledReturn() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const canceled = params.get('canceled') === 'true';
  const shown = useRef(false);

  useEffect(() => {
    if (!canceled || shown.current) return;
    shown.current = true;
    toast({ title: 'Checkout Canceled', description: CHECKOUT_CANCELED });
    void navigate(paths.pricing.getHref(), { replace: true });
  }, [canceled, navigate]);
}

/**
 * Back from the hosted checkout with `success=true&session_id=...`: verify once, toast the
 * outcome, refresh the balance, and clean the URL to /pricing.
 */
function useVerifyReturn(onCredited: () => void) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const sessionId = params.get('success') === 'true' ? params.get('session_id') : null;
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (!sessionId || started.current === sessionId) return;
    started.current = sessionId;
    verifyPayment(sessionId)
      .then((result) => {
        toast(
          markCredited(sessionId)
            ? {
                title: 'Payment Already Applied',
                description: `The ${result.queries} queries from this purchase are already in your account. Nothing more was added.`,
              }
            : { title: 'Payment Successful!', description: `${result.queries} queries have been added to your account.` },
        );
        onCredited();
      })
      .catch((err: unknown) => {
        toast({
          title: 'Payment Verification Failed',
          description: userMessage(err, 'We could not confirm your payment. Please contact support.'),
          variant: 'destructive',
        });
      })
      .finally(() => void navigate(paths.pricing.getHref(), { replace: true }));
  }, [sessionId, navigate, onCredited]);
}
