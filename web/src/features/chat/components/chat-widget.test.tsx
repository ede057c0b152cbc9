import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { type FakeApi, SIGNED_OUT, calledUrls, signedIn, stubFetch } from '@/testing/fake-api';
import { TestSWRConfig } from '@/testing/swr';

import { ChatWidget } from './chat-widget';

const usage = (used: number, limit = 50) => ({
  status: 200,
  body: { queriesUsed: used, queriesLimit: limit, queriesRemaining: Math.max(0, limit - used) },
});

function renderWidget(symbol: string | null = 'AAPL', companyName: string | null = 'Apple Inc.') {
  const router = createMemoryRouter([{ path: '/', element: <ChatWidget symbol={symbol} companyName={companyName} /> }]);
  render(
    <TestSWRConfig>
      <RouterProvider router={router} />
    </TestSWRConfig>,
  );
}

/** Opens the panel and waits for the greeting (shown once the user is known). */
async function openPanel() {
  fireEvent.click(screen.getByRole('button', { name: 'Chat with Ask Bubba' }));
  const panel = screen.getByRole('region', { name: /Ask Bubba/ });
  await within(panel).findByText(/^Howdy! I'm Bubba\./);
  return panel;
}

/** A reply the test streams by hand: `push` sends a chunk, `end` closes the stream. */
function controlledReply() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => (controller = c) });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/plain' } }),
    push: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

/** Fetch stub: canned answers plus one hand-driven reply for the chat call. */
function stubWithReply(api: FakeApi, reply: Response | (() => Response)) {
  const canned = stubFetch(api);
  const fallback = canned.getMockImplementation()!;
  const spy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input).startsWith('/api/chat/') && !String(input).endsWith('/usage')) {
      return typeof reply === 'function' ? reply() : reply;
    }
    return fallback(input, init);
  });
  vi.stubGlobal('fetch', spy);
  return spy;
}

const textbox = () => screen.getByRole('textbox', { name: 'Message' });
const type = (value: string) => fireEvent.change(textbox(), { target: { value } });
const chatCalls = (spy: ReturnType<typeof stubFetch>) => calledUrls(spy).filter((u) => u.startsWith('/api/chat/') && u !== '/api/chat/usage');

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('chat widget', () => {
  it('opens from the round button into the titled panel with a greeting naming the stock, and a usage badge', async () => {
    stubFetch({ ...signedIn(), '/api/chat/usage': usage(0) });
    renderWidget();
    const panel = await openPanel();
    expect(within(panel).getByRole('heading', { name: 'Ask Bubba about AAPL' })).toBeInTheDocument();
    expect(within(panel).getByText(/Ask me anything about Apple Inc\. \(AAPL\)/)).toBeInTheDocument();
    expect(await within(panel).findByTestId('chat-usage-badge')).toHaveTextContent('50 queries left');
    expect(textbox()).toHaveAttribute('placeholder', 'Ask about this stock...');
    expect(panel.className).toContain('w-[384px]');
    expect(panel.className).toContain('h-[500px]');
    expect(screen.getByTestId('chat-messages').className).toContain('max-h-[350px]');
    fireEvent.click(within(panel).getByRole('button', { name: 'Close chat' }));
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.getByRole('button', { name: 'Chat with Ask Bubba' })).toBeInTheDocument();
  });

  it("on the home page (no stock) the placeholder asks about any stock, not 'this stock'", async () => {
    stubFetch({ ...signedIn(), '/api/chat/usage': usage(0) });
    renderWidget(null, null);
    await openPanel();
    expect(textbox()).toHaveAttribute('placeholder', 'Ask Bubba about any stock...');
  });

  it('puts a space between a word and a source link glued to it in a reply', async () => {
    const reply = controlledReply();
    stubWithReply({ ...signedIn(), '/api/chat/usage': usage(0) }, reply.response);
    renderWidget();
    await openPanel();
    type('sources?');
    fireEvent.keyDown(textbox(), { key: 'Enter' });
    await act(async () => {
      reply.push('Read the filing.[10-K](https://www.sec.gov/x)');
      reply.end();
    });
    const messages = screen.getByTestId('chat-messages');
    await waitFor(() => expect(within(messages).getByRole('link', { name: '10-K' })).toBeInTheDocument());
    expect(messages.lastElementChild).toHaveTextContent('Read the filing. 10-K');
  });

  it('invites an anonymous visitor to sign up and makes no chat call', async () => {
    const spy = stubFetch({ ...SIGNED_OUT });
    renderWidget();
    const panel = await openPanel();
    expect(within(panel).getByText(/Sign up for a free account and you get 50 free queries/)).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Sign Up Free' })).toHaveAttribute('href', '/auth?signup=true');
    // The prompt's link stands apart from the sentence before it.
    expect(screen.getByTestId('chat-messages').textContent).not.toMatch(/any stock\.Sign Up Free/);
    expect(textbox()).toBeDisabled();
    fireEvent.keyDown(textbox(), { key: 'Enter' });
    expect(calledUrls(spy).filter((u) => u.startsWith('/api/chat'))).toEqual([]);
  });

  it('sends on Enter (not Shift+Enter), streams the reply into the last message, and bumps then refetches usage', async () => {
    const reply = controlledReply();
    let used = 0;
    const spy = stubWithReply(
      {
        ...signedIn(),
        '/api/chat/usage': () => usage(used),
      },
      reply.response,
    );
    renderWidget();
    await openPanel();
    await screen.findByText('50 queries left');

    type("what's the debt situation?");
    fireEvent.keyDown(textbox(), { key: 'Enter', shiftKey: true });
    expect(chatCalls(spy)).toEqual([]);
    fireEvent.keyDown(textbox(), { key: 'Enter' });
    await waitFor(() => expect(chatCalls(spy)).toEqual(['/api/chat/AAPL']));
    const [, init] = spy.mock.calls.find(([u]) => String(u) === '/api/chat/AAPL')!;
    expect(JSON.parse(String(init?.body))).toEqual({ message: "what's the debt situation?", conversationHistory: [] });

    // Pending: spinner, input disabled.
    expect(screen.getByRole('status')).toHaveTextContent('Bubba is thinking');
    expect(textbox()).toBeDisabled();
    // Nothing is sent while a reply is pending, even if a key event gets through.
    type('and the score?');
    fireEvent.keyDown(textbox(), { key: 'Enter' });
    expect(chatCalls(spy)).toEqual(['/api/chat/AAPL']);

    await act(async () => reply.push('On the latest balance sheet, Apple owes '));
    const messages = screen.getByTestId('chat-messages');
    await waitFor(() => expect(messages.lastElementChild).toHaveTextContent('On the latest balance sheet, Apple owes'));
    used = 1;
    await act(async () => {
      reply.push('$82.7B. Sources: [Debt 2026-03-28](https://www.sec.gov/x)');
      reply.end();
    });
    await waitFor(() => expect(textbox()).not.toBeDisabled());
    expect(messages.lastElementChild).toHaveTextContent('Apple owes $82.7B.');
    expect(within(messages).getByRole('link', { name: 'Debt 2026-03-28' })).toHaveAttribute('href', 'https://www.sec.gov/x');
    // Bumped locally at once, then refetched ~100 ms later (the server agrees: 49).
    expect(await screen.findByText('49 queries left')).toBeInTheDocument();
    await waitFor(() => expect(calledUrls(spy).filter((u) => u === '/api/chat/usage').length).toBe(2));
  });

  it('sends the conversation without the greeting as history', async () => {
    const spy = stubWithReply({ ...signedIn(), '/api/chat/usage': usage(3) }, () => new Response('Reply.', { status: 200 }));
    renderWidget();
    await openPanel();
    type('first?');
    fireEvent.keyDown(textbox(), { key: 'Enter' });
    await waitFor(() => expect(textbox()).not.toBeDisabled());
    type('second?');
    fireEvent.keyDown(textbox(), { key: 'Enter' });
    await waitFor(() => expect(chatCalls(spy)).toHaveLength(2));
    const bodies = spy.mock.calls.filter(([u]) => String(u) === '/api/chat/AAPL').map(([, i]) => JSON.parse(String(i?.body)));
    expect(bodies[1]).toEqual({
      message: 'second?',
      conversationHistory: [
        { role: 'user', content: 'first?' },
        { role: 'assistant', content: 'Reply.' },
      ],
    });
  });

  it('warns from 80% of the allowance and disables the input at the limit with a top-up prompt', async () => {
    stubFetch({ ...signedIn(), '/api/chat/usage': usage(40) });
    renderWidget();
    await openPanel();
    expect(await screen.findByTestId('chat-low-warning')).toHaveTextContent('Running low: 10 of 50 queries left.');
    expect(screen.queryByTestId('chat-usage-badge')).toBeNull();
  });

  it('at the limit: placeholder, disabled input and Get More Queries', async () => {
    stubFetch({ ...signedIn(), '/api/chat/usage': usage(50) });
    renderWidget();
    await openPanel();
    const topup = await screen.findByTestId('chat-topup');
    expect(within(topup).getByRole('link', { name: 'Get More Queries' })).toHaveAttribute('href', '/pricing');
    expect(textbox()).toBeDisabled();
    expect(textbox()).toHaveAttribute('placeholder', 'Monthly query limit reached');
  });

  it.each([
    [429, { error: 'Well shoot... out', code: 'out_of_queries' }, /^Well shoot\.\.\./, 'Get More Queries', '/pricing'],
    [401, { error: 'Authentication required', code: 'auth_required' }, /Sign up for a free account/, 'Sign Up Free', '/auth?signup=true'],
    [502, { error: 'upstream' }, /^I'm having technical difficulties\. Please try again\.$/, null, null],
    [500, 'plain text failure', /^I'm having technical difficulties\. Please try again\.$/, null, null],
  ])('answers a %s with the catalogue message', async (status, body, text, linkName, href) => {
    stubWithReply({ ...signedIn(), '/api/chat/usage': usage(1) }, () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));
    renderWidget();
    await openPanel();
    type('hello?');
    fireEvent.keyDown(textbox(), { key: 'Enter' });
    const messages = screen.getByTestId('chat-messages');
    await waitFor(() => expect(messages.lastElementChild?.textContent).toMatch(text));
    if (linkName) expect(within(messages.lastElementChild as HTMLElement).getByRole('link', { name: linkName })).toHaveAttribute('href', href);
  });

  it("shows the server's own text for the per-minute limit", async () => {
    const body = { error: 'Whoa there, partner: slow down.', code: 'rate_limited' };
    stubWithReply({ ...signedIn(), '/api/chat/usage': usage(1) }, () => new Response(JSON.stringify(body), { status: 429 }));
    renderWidget();
    await openPanel();
    type('hello?');
    fireEvent.keyDown(textbox(), { key: 'Enter' });
    expect(await screen.findByText('Whoa there, partner: slow down.')).toBeInTheDocument();
  });

  it('marks numbers the server could not verify', async () => {
    const reply = 'Sales were $512.4B.\n\n\u26a0 Unverified: I couldn\'t find 512.4 in my data, so don\'t lean on that number.';
    stubWithReply({ ...signedIn(), '/api/chat/usage': usage(1) }, () => new Response(reply, { status: 200 }));
    renderWidget();
    await openPanel();
    type('sales?');
    fireEvent.keyDown(textbox(), { key: 'Enter' });
    expect(await screen.findByTestId('unverified-numbers')).toHaveTextContent("I couldn't find 512.4 in my data");
  });

  it('on the home page greets without a stock and sends to the generic chat', async () => {
    const spy = stubWithReply({ ...signedIn(), '/api/chat/usage': usage(0) }, () => new Response('A bond is a loan.', { status: 200 }));
    renderWidget(null, null);
    const panel = await openPanel();
    expect(within(panel).getByRole('heading', { name: 'Ask Bubba' })).toBeInTheDocument();
    type('what is a bond?');
    fireEvent.keyDown(textbox(), { key: 'Enter' });
    await waitFor(() => expect(chatCalls(spy)).toEqual(['/api/chat/generic']));
  });
});
