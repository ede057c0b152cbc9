import { ApiError, api, apiFetch } from '@/lib/api-client';
import type { Checkout, VerifiedPayment } from '@/types/api';

/**
 * POST /api/create-checkout-session {tierId} (spec 001 sections 7 and 8): a non-OK answer
 * raises 'Server error: {status} - {body}', and so does an answer that is not JSON.
 */
export async function createCheckoutSession(tierId: string): Promise<Checkout> {
  let res: Response;
  try {
    res = await apiFetch('/api/create-checkout-session', { method: 'POST', body: { tierId } });
  } catch (error) {
    if (error instanceof ApiError) throw new Error(`Server error: ${error.status} - ${error.body}`);
    throw error;
  }
  const text = await res.text();
  let parsed: Partial<Checkout>;
  try {
    parsed = JSON.parse(text) as Partial<Checkout>;
  } catch {
    throw new Error(`Server error: ${res.status} - ${text}`);
  }
  if (!parsed.sessionId || !parsed.url) throw new Error(`Server error: ${res.status} - ${text}`);
  return parsed as Checkout;
}

/** POST /api/verify-payment {sessionId}: the queries added once the payment is confirmed. */
export const verifyPayment = (sessionId: string) => api.post<VerifiedPayment>('/api/verify-payment', { sessionId });

/** Sends the browser to the provider's hosted checkout (a seam for tests). */
export const goToCheckout = (url: string) => window.location.assign(url);
