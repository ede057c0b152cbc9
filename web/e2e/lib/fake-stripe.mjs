// A local stand-in for Stripe Checkout for the end-to-end run, at the HTTP level: the API's
// real client creates and retrieves sessions over Stripe's wire format (form-encoded
// requests, bearer secret key, checkout.session JSON), and the "hosted checkout" is a tiny
// page whose Pay button marks the session paid and sends the browser to its success_url,
// as Stripe's page does.
import { createServer } from 'node:http';

export const FAKE_SECRET_KEY = 'sk_test_e2e_local_stripe';

const html = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startFakeStripe() {
  const sessions = new Map();
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
      return send(401, { error: { type: 'invalid_request_error', code: 'api_key_invalid', message: 'Invalid API Key provided.' } });
    }
    let body = '';
    for await (const chunk of req) body += chunk;

    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const form = Object.fromEntries(new URLSearchParams(body));
      const id = `cs_test_e2e${++counter}${Date.now()}`;
      const session = {
        id,
        object: 'checkout.session',
        amount_total: Number(form['line_items[0][price_data][unit_amount]']),
        currency: form['line_items[0][price_data][currency]'],
        product: form['line_items[0][price_data][product_data][name]'],
        expires_at: Math.floor(Date.now() / 1000) + 86400,
        mode: form.mode,
        payment_intent: null,
        payment_status: 'unpaid',
        status: 'open',
        success_url: form.success_url,
        cancel_url: form.cancel_url,
        url: `${baseUrl}/c/pay/${id}`,
      };
      sessions.set(id, session);
      return send(200, session);
    }
    const retrieve = url.pathname.match(/^\/v1\/checkout\/sessions\/([A-Za-z0-9_]+)$/);
    if (req.method === 'GET' && retrieve) {
      const session = sessions.get(retrieve[1]);
      if (!session) {
        return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such checkout.session: '${retrieve[1]}'`, param: 'id' } });
      }
      return send(200, session);
    }
    const page = url.pathname.match(/^\/c\/pay\/([A-Za-z0-9_]+)(\/confirm)?$/);
    const session = page && sessions.get(page[1]);
    if (session && req.method === 'GET' && !page[2]) {
      const price = `$${(session.amount_total / 100).toFixed(2)}`;
      return send(
        200,
        `<!doctype html><title>Fake Stripe Checkout</title><h1>${html(session.product)}</h1>` +
          `<form method="post" action="/c/pay/${html(session.id)}/confirm"><button>Pay ${price}</button></form>`,
        'text/html; charset=utf-8',
      );
    }
    if (session && req.method === 'POST' && page[2]) {
      Object.assign(session, { payment_status: 'paid', status: 'complete', payment_intent: `pi_${session.id}`, url: null });
      res.writeHead(303, { location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) });
      return res.end();
    }
    send(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL.' } });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${server.address().port}`;
  return {
    env: { STRIPE_SECRET_KEY: FAKE_SECRET_KEY, STRIPE_API_BASE: baseUrl },
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}
