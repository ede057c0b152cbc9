// A local stand-in for Stripe Checkout for the end-to-end run, at the HTTP level: the API's
// real client creates and retrieves sessions over Stripe's wire format (form-encoded
// requests, bearer secret key, checkout.session JSON), and the "hosted checkout" is a tiny
// page whose Pay button marks the session paid and sends the browser to its success_url,
// as Stripe's page does.
import { createServer } from 'node:http';

export const FAKE_SECRET_KEY = 'sk_test_e2e_local_stripe';

const html = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const stripeError = (type, code, message, param) => ({ error: { type, code, message, param } });

// The documented Checkout Session fields a one-off card payment leaves unset: Stripe sends
// them as null.
const UNSET = [
  'adaptive_pricing', 'after_expiration', 'allow_promotion_codes', 'billing_address_collection',
  'client_secret', 'collected_information', 'consent', 'consent_collection', 'currency_conversion',
  'customer', 'customer_details', 'customer_email', 'invoice', 'invoice_creation', 'locale',
  'optional_items', 'payment_intent', 'payment_link', 'presentment_details', 'recovered_from',
  'saved_payment_method_options', 'setup_intent', 'shipping_address_collection', 'shipping_cost',
  'submit_type', 'subscription', 'tax_id_collection', 'return_url', 'wallet_options',
];

// A new Checkout Session object in full, as Stripe documents it for the API version the
// client sends: every field present, null when unset (the client's parser requires some).
function checkoutSession(id, form, baseUrl) {
  const amount = Number(form['line_items[0][price_data][unit_amount]']);
  const now = Math.floor(Date.now() / 1000);
  return {
    id,
    object: 'checkout.session',
    ...Object.fromEntries(UNSET.map((field) => [field, null])),
    amount_subtotal: amount,
    amount_total: amount,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    cancel_url: form.cancel_url ?? null,
    client_reference_id: form.client_reference_id ?? null,
    created: now,
    currency: form['line_items[0][price_data][currency]'] ?? null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer_creation: 'if_required',
    discounts: [],
    expires_at: now + 86400,
    livemode: false,
    metadata: { tier_id: form['metadata[tier_id]'], user_id: form['metadata[user_id]'] },
    mode: form.mode,
    payment_method_collection: 'if_required',
    payment_method_options: {},
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    phone_number_collection: { enabled: false },
    shipping_options: [],
    status: 'open',
    success_url: form.success_url ?? null,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted_page',
    url: `${baseUrl}/c/pay/${id}`,
  };
}

export async function startFakeStripe() {
  const sessions = new Map();
  // What the hosted page shows: the line item's product (not a field of the session object).
  const products = new Map();
  let counter = 0;
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://localhost');
    const send = (status, body, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    // The browser asks every page's origin for an icon; a 404 would be a console error.
    if (url.pathname === '/favicon.ico') {
      res.writeHead(204);
      return res.end();
    }
    const api = url.pathname.startsWith('/v1/');
    if (api && req.headers.authorization !== `Bearer ${FAKE_SECRET_KEY}`) {
      return send(401, stripeError('invalid_request_error', 'api_key_invalid', 'Invalid API Key provided.'));
    }
    let body = '';
    for await (const chunk of req) body += chunk;

    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const form = Object.fromEntries(new URLSearchParams(body));
      for (const required of ['mode', 'success_url', 'line_items[0][price_data][unit_amount]']) {
        if (!(required in form)) {
          return send(400, stripeError('invalid_request_error', 'parameter_missing', `Missing required param: ${required}.`, required));
        }
      }
      const id = `cs_test_e2e${++counter}${Date.now()}`;
      const session = checkoutSession(id, form, baseUrl);
      products.set(id, form['line_items[0][price_data][product_data][name]']);
      sessions.set(id, session);
      return send(200, session);
    }
    const retrieve = url.pathname.match(/^\/v1\/checkout\/sessions\/([A-Za-z0-9_]+)$/);
    if (req.method === 'GET' && retrieve) {
      const session = sessions.get(retrieve[1]);
      if (!session) {
        return send(404, stripeError('invalid_request_error', 'resource_missing', `No such checkout.session: '${retrieve[1]}'`, 'id'));
      }
      return send(200, session);
    }
    const page = url.pathname.match(/^\/c\/pay\/([A-Za-z0-9_]+)(\/confirm)?$/);
    const session = page && sessions.get(page[1]);
    if (session && req.method === 'GET' && !page[2]) {
      const price = `$${(session.amount_total / 100).toFixed(2)}`;
      return send(
        200,
        `<!doctype html><title>Fake Stripe Checkout</title><h1>${html(products.get(session.id))}</h1>` +
          `<form method="post" action="/c/pay/${html(session.id)}/confirm"><button>Pay ${price}</button></form>`,
        'text/html; charset=utf-8',
      );
    }
    if (session && req.method === 'POST' && page[2]) {
      Object.assign(session, { payment_status: 'paid', status: 'complete', payment_intent: `pi_${session.id}`, url: null });
      res.writeHead(303, { location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) });
      return res.end();
    }
    send(404, stripeError('invalid_request_error', undefined, 'Unrecognized request URL.'));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${server.address().port}`;
  return {
    env: { STRIPE_SECRET_KEY: FAKE_SECRET_KEY, STRIPE_API_BASE: baseUrl },
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}
