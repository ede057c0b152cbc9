import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderRoute } from '@/app/testing/render-route';
import { dismissToast } from '@/lib/toast';
import { goToCheckout } from '@/features/pricing/api/checkout';
import { CHECKOUT_CANCELED } from '@/features/pricing/components/pricing-page';
import { SIGNED_OUT, signedIn, stubFetch, type FakeApi } from '@/testing/fake-api';

// The browser leaving for the hosted checkout is the one thing jsdom cannot do.
vi.mock('@/features/pricing/api/checkout', async (original) => ({
  ...(await original<typeof import('@/features/pricing/api/checkout')>()),
  goToCheckout: vi.fn(),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(goToCheckout).mockReset();
  localStorage.clear();
});

const tier = (id: string, name: string, queries: number, priceInCents: number, centsPerQuery: number, popular = false) => ({
  id,
  name,
  queries,
  price: priceInCents / 100,
  priceInCents,
  centsPerQuery,
  features: [`${queries} chat queries with Bubba`, 'Never expires'],
  popular,
});

const pricing = (paymentsEnabled = true): FakeApi => ({
  '/api/pricing': {
    status: 200,
    body: {
      paymentsEnabled,
      tiers: [
        tier('starter', 'Starter Pack', 100, 1000, 10),
        tier('pro', 'Pro Pack', 200, 1800, 9, true),
        tier('premium', 'Premium Pack', 300, 2500, 8.3),
      ],
    },
  },
  '/api/chat/usage': { status: 200, body: { queriesUsed: 0, queriesLimit: 50, queriesRemaining: 50 } },
});

const bodyOf = (spy: ReturnType<typeof stubFetch>, path: string) => {
  const call = spy.mock.calls.find(([url]) => String(url) === path);
  return call ? (JSON.parse(String(call[1]?.body)) as unknown) : undefined;
};

describe('pricing page', () => {
  it('shows the remaining count, the free box, three packs with per-query prices, the FAQ and the disclaimer', async () => {
    stubFetch({ ...signedIn(), ...pricing() });
    renderRoute('/pricing');
    const pro = await screen.findByRole('region', { name: 'Pro Pack' });
    expect(within(pro).getByText('Most Popular')).toBeInTheDocument();
    expect(within(pro).getByText('$18.00')).toBeInTheDocument();
    expect(within(pro).getByText('200 queries')).toBeInTheDocument();
    expect(within(pro).getByText('9¢ per query')).toBeInTheDocument();
    const premium = screen.getByRole('region', { name: 'Premium Pack' });
    expect(within(premium).getByText('8.3¢ per query')).toBeInTheDocument();
    expect(within(premium).queryByText('Most Popular')).not.toBeInTheDocument();
    expect(await screen.findByText('You have 50 queries remaining.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '50 free queries' })).toBeInTheDocument();
    expect(screen.getByText('Do purchased queries expire?')).toBeInTheDocument();
    expect(screen.getByText(/everything he says is for educational purposes only/)).toBeInTheDocument();
  });

  it('sends a signed-out buyer to /auth without starting a checkout', async () => {
    const spy = stubFetch({ ...SIGNED_OUT, ...pricing() });
    const { router } = renderRoute('/pricing');
    fireEvent.click(await screen.findByRole('button', { name: 'Buy Pro Pack' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(bodyOf(spy, '/api/create-checkout-session')).toBeUndefined();
  });

  it('starts a checkout of the chosen pack and goes to the hosted page', async () => {
    const spy = stubFetch({
      ...signedIn(),
      ...pricing(),
      '/api/create-checkout-session': { status: 200, body: { sessionId: 'cs_test_1', url: 'https://checkout.example/cs_test_1' } },
    });
    renderRoute('/pricing');
    fireEvent.click(await screen.findByRole('button', { name: 'Buy Pro Pack' }));
    await waitFor(() => expect(goToCheckout).toHaveBeenCalledWith('https://checkout.example/cs_test_1'));
    expect(bodyOf(spy, '/api/create-checkout-session')).toEqual({ tierId: 'pro' });
    expect(screen.getByRole('button', { name: 'Redirecting...' })).toBeDisabled();
  });

  it("toasts 'Purchase Error' with the server's status and body", async () => {
    stubFetch({
      ...signedIn(),
      ...pricing(),
      '/api/create-checkout-session': { status: 502, body: { message: 'Stripe is down' } },
    });
    renderRoute('/pricing');
    fireEvent.click(await screen.findByRole('button', { name: 'Buy Starter Pack' }));
    expect(await screen.findByText('Purchase Error')).toBeInTheDocument();
    expect(screen.getByText('Server error: 502 - {"message":"Stripe is down"}')).toBeInTheDocument();
    expect(goToCheckout).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Buy Starter Pack' })).toBeEnabled();
  });

  it('says payments are not set up and offers no purchase when the server has no key', async () => {
    stubFetch({ ...signedIn(), ...pricing(false) });
    renderRoute('/pricing');
    expect(
      await screen.findByText("Payments are not set up on this server, so query packs can't be bought right now."),
    ).toBeInTheDocument();
    for (const name of ['Buy Starter Pack', 'Buy Pro Pack', 'Buy Premium Pack']) {
      expect(screen.getByRole('button', { name })).toBeDisabled();
    }
  });

  it('verifies a returning checkout once, toasts the queries added and cleans the URL', async () => {
    let remaining = 50;
    const spy = stubFetch({
      ...signedIn(),
      ...pricing(),
      '/api/chat/usage': () => ({ status: 200, body: { queriesUsed: 0, queriesLimit: remaining, queriesRemaining: remaining } }),
      '/api/verify-payment': () => {
        remaining = 250;
        return { status: 200, body: { success: true, queries: 200 } };
      },
    });
    const { router } = renderRoute('/pricing?success=true&session_id=cs_test_9');
    expect(await screen.findByText('Payment Successful!')).toBeInTheDocument();
    expect(screen.getByText('200 queries have been added to your account.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/pricing');
    expect(await screen.findByText('You have 250 queries remaining.')).toBeInTheDocument();
    expect(bodyOf(spy, '/api/verify-payment')).toEqual({ sessionId: 'cs_test_9' });
    expect(spy.mock.calls.filter(([url]) => String(url) === '/api/verify-payment')).toHaveLength(1);
  });

  it('a replayed return URL of a credited checkout does not claim the queries were added again', async () => {
    stubFetch({
      ...signedIn(),
      ...pricing(),
      '/api/chat/usage': { status: 200, body: { queriesUsed: 0, queriesLimit: 250, queriesRemaining: 250 } },
      '/api/verify-payment': { status: 200, body: { success: true, queries: 200 } },
    });
    const first = renderRoute('/pricing?success=true&session_id=cs_test_9');
    expect(await screen.findByText('200 queries have been added to your account.')).toBeInTheDocument();
    await waitFor(() => expect(first.router.state.location.search).toBe(''));
    first.unmount();
    dismissToast();

    renderRoute('/pricing?success=true&session_id=cs_test_9');
    expect(await screen.findByText('Payment Already Applied')).toBeInTheDocument();
    expect(screen.getByText(/already in your account\. Nothing more was added\./)).toBeInTheDocument();
    expect(screen.queryByText('200 queries have been added to your account.')).not.toBeInTheDocument();
  });

  it("toasts 'Payment Verification Failed' with the server's reason", async () => {
    stubFetch({
      ...signedIn(),
      ...pricing(),
      '/api/verify-payment': { status: 402, body: { message: 'This checkout expired before it was paid. Nothing was charged.' } },
    });
    const { router } = renderRoute('/pricing?success=true&session_id=cs_test_9');
    expect(await screen.findByText('Payment Verification Failed')).toBeInTheDocument();
    expect(screen.getByText('This checkout expired before it was paid. Nothing was charged.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('says nothing was charged when the buyer backs out of the checkout, and cleans the URL', async () => {
    const spy = stubFetch({ ...signedIn(), ...pricing() });
    const { router } = renderRoute('/pricing?canceled=true');
    expect(await screen.findByText('Checkout Canceled')).toBeInTheDocument();
    expect(screen.getByText(CHECKOUT_CANCELED)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/pricing');
    expect(spy.mock.calls.some(([url]) => String(url) === '/api/verify-payment')).toBe(false);
  });

  it("shows the server's slow-down message when checkouts are rate limited", async () => {
    const slowDown = "That's a lot of checkouts in a few minutes, so I'm asking you to slow down.";
    stubFetch({ ...signedIn(), ...pricing(), '/api/create-checkout-session': { status: 429, body: { message: slowDown } } });
    renderRoute('/pricing');
    fireEvent.click(await screen.findByRole('button', { name: 'Buy Pro Pack' }));
    expect(await screen.findByText('Purchase Error')).toBeInTheDocument();
    expect(screen.getByText(`Server error: 429 - ${JSON.stringify({ message: slowDown })}`)).toBeInTheDocument();
    expect(goToCheckout).not.toHaveBeenCalled();
  });
});
