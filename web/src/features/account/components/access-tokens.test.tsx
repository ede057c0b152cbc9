import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubFetch } from '@/testing/fake-api';
import { TestSWRConfig } from '@/testing/swr';
import type { AccessToken } from '@/types/api';

import { AccessTokens } from './access-tokens';

afterEach(() => vi.unstubAllGlobals());

const SECRET = `bubba_pat_${'ab12'.repeat(16)}`;

const token = (id: number, name: string, lastUsedAt: string | null = null): AccessToken => ({
  id,
  name,
  createdAt: '2026-03-03T12:00:00Z',
  lastUsedAt,
});

/** A fake token store behind the three calls; `sent` records what the card sent. */
function fakeTokens(initial: AccessToken[], limit = 10) {
  let tokens = [...initial];
  const sent: Array<{ method: string; path: string; body?: unknown }> = [];
  stubFetch({
    '/api/account/tokens': (_url, init) => {
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { name: string };
        sent.push({ method: 'POST', path: '/api/account/tokens', body });
        const made = token(99, body.name);
        tokens = [made, ...tokens];
        return { status: 201, body: { token: made, secret: SECRET } };
      }
      return { status: 200, body: { tokens, limit } };
    },
    '/api/account/tokens/7': (_url, init) => {
      sent.push({ method: init?.method ?? 'GET', path: '/api/account/tokens/7' });
      tokens = tokens.filter((t) => t.id !== 7);
      return { status: 200, body: '' };
    },
  });
  return sent;
}

const renderCard = () =>
  render(
    <TestSWRConfig>
      <AccessTokens />
    </TestSWRConfig>,
  );

describe('AccessTokens', () => {
  it('lists tokens with when they were made and last used', async () => {
    fakeTokens([token(7, 'Claude desktop', '2026-03-05T08:00:00Z'), token(8, 'Old laptop')]);
    renderCard();
    const list = await screen.findByRole('list', { name: 'Your access tokens' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Claude desktop');
    expect(first).toHaveTextContent('Created Mar 3, 2026 · Last used Mar 5, 2026');
    expect(second).toHaveTextContent('Never used');
  });

  it('shows a new token once, with a copy button and the warning', async () => {
    const sent = fakeTokens([]);
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderCard();
    await screen.findByText('No tokens yet.');
    const create = screen.getByRole('button', { name: 'Create token' });
    expect(create).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Token name'), { target: { value: '  Claude desktop ' } });
    fireEvent.click(create);
    const shown = await screen.findByRole('status');
    expect(sent).toEqual([{ method: 'POST', path: '/api/account/tokens', body: { name: 'Claude desktop' } }]);
    expect(within(shown).getByTestId('new-token')).toHaveTextContent(SECRET);
    expect(shown).toHaveTextContent("I can't show it to you again");
    fireEvent.click(within(shown).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(SECRET));
    expect(await screen.findByRole('list', { name: 'Your access tokens' })).toHaveTextContent('Claude desktop');
    fireEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('new-token')).not.toBeInTheDocument();
  });

  it('revokes only after the confirmation', async () => {
    const sent = fakeTokens([token(7, 'Claude desktop')]);
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke Claude desktop' }));
    expect(confirm).toHaveBeenCalledWith('Revoke "Claude desktop"? Any assistant using it gets shut out right away.');
    expect(sent).toEqual([]);
    confirm.mockReturnValue(true);
    fireEvent.click(screen.getByRole('button', { name: 'Revoke Claude desktop' }));
    await screen.findByText('No tokens yet.');
    expect(sent).toEqual([{ method: 'DELETE', path: '/api/account/tokens/7' }]);
  });

  it('says so at the limit instead of offering another', async () => {
    fakeTokens([token(7, 'One'), token(8, 'Two')], 2);
    renderCard();
    await screen.findByText("That's 2 tokens, the most you can have. Revoke one to make room.");
    expect(screen.getByRole('button', { name: 'Create token' })).toBeDisabled();
  });
});
