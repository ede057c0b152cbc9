import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderRoute } from '@/app/testing/render-route';
import { signedIn, stubFetch } from '@/testing/fake-api';

const admin = signedIn({ username: 'admin@example.com', isAdmin: true });

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const open = async () => {
  renderRoute('/admin/chat-test');
  expect(await screen.findByRole('heading', { level: 1, name: 'Admin Chat Test' })).toBeInTheDocument();
};

describe('/admin/chat-test', () => {
  it('offers the five fixed stocks, greets on Start Chat, sends on Enter without the greeting as history', async () => {
    const bodies: unknown[] = [];
    stubFetch({
      ...admin,
      '/api/admin/chat-test/TSLA': (_url, init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return { status: 200, body: { response: 'Tesla owes about $7.4B.' } };
      },
    });
    await open();
    const select = screen.getByLabelText('Test stock');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['AAPL', 'TR', 'TSLA', 'HIMS', 'PLTR']);
    fireEvent.change(select, { target: { value: 'TSLA' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start Chat' }));
    const chat = screen.getByRole('list', { name: 'Chat about TSLA' });
    expect(within(chat).getByText(/^Howdy! I'm Bubba\./)).toBeInTheDocument();

    const input = screen.getByLabelText('Message');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(bodies).toEqual([]);
    fireEvent.change(input, { target: { value: 'how much debt?' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await within(chat).findByText('Tesla owes about $7.4B.')).toBeInTheDocument();
    expect(bodies).toEqual([{ message: 'how much debt?', conversationHistory: [] }]);
  });

  it('appends the apology when a send fails, and blocks sending while a reply is pending', async () => {
    let release: (() => void) | null = null;
    const calls = vi.fn();
    stubFetch({ ...admin });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://localhost');
        if (url.pathname === '/api/user') return new Response(JSON.stringify({ id: 1, username: 'a', isAdmin: true }));
        // The header's alerts bell asks too; only the chat's calls are counted.
        if (url.pathname === '/api/alerts') return new Response(JSON.stringify({ unread: 0, alerts: [] }));
        calls();
        await new Promise<void>((resolve) => (release = resolve));
        return new Response(JSON.stringify({ message: 'down' }), { status: 502 });
      }),
    );
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Start Chat' }));
    const input = screen.getByLabelText('Message');
    fireEvent.change(input, { target: { value: 'hello' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await screen.findByRole('status');
    fireEvent.change(input, { target: { value: 'again' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(calls).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(release).not.toBeNull());
    release!();
    expect(
      await screen.findByText('Sorry, I encountered an error processing your request. Please try again.'),
    ).toBeInTheDocument();
  });

  it("renders the engine's Markdown source links as links, not raw [label](url) text", async () => {
    stubFetch({
      ...admin,
      '/api/admin/chat-test/AAPL': { status: 200, body: { response: 'Apple owes $82.7B. Sources: [Debt 2026-03-28](https://www.sec.gov/x)' } },
    });
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Start Chat' }));
    const input = screen.getByLabelText('Message');
    fireEvent.change(input, { target: { value: 'debt?' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    const chat = screen.getByRole('list', { name: 'Chat about AAPL' });
    expect(await within(chat).findByRole('link', { name: 'Debt 2026-03-28' })).toHaveAttribute('href', 'https://www.sec.gov/x');
    expect(chat.textContent).not.toContain('](https://');
  });
});
