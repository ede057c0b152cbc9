import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderRoute } from '@/app/testing/render-route';
import { signedIn, stubFetch } from '@/testing/fake-api';

afterEach(() => vi.unstubAllGlobals());

describe('account details', () => {
  it('shows username, member since, balance, parent and child, subscription and Buy More Queries', async () => {
    stubFetch({
      ...signedIn(),
      '/api/account': {
        status: 200,
        body: {
          username: 'joe@example.com',
          memberSince: '2025-03-04T10:00:00Z',
          queryBalance: 8,
          queriesUsed: 42,
          queriesLimit: 50,
          parentName: 'Martha',
          parentEmail: 'martha@example.com',
          childName: 'Joey',
          subscription: 'Free',
          isPaidUser: false,
        },
      },
    });
    renderRoute('/account-details');
    expect(await screen.findByText('joe@example.com')).toBeInTheDocument();
    expect(screen.getByText('Mar 4, 2025')).toBeInTheDocument();
    expect(screen.getByText('8 chat queries')).toBeInTheDocument();
    expect(screen.getByText('Free')).toBeInTheDocument();
    expect(screen.getByText('Martha')).toBeInTheDocument();
    expect(screen.getByText('Joey')).toBeInTheDocument();
    expect(screen.getByText(/running low on chat queries/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy More Queries' })).toHaveAttribute('href', '/pricing');
  });

  it('shows Premium for a paid user', async () => {
    stubFetch({ ...signedIn({ isPaidUser: true }), '/api/account': { status: 200, body: { username: 'a@b.co', isPaidUser: true, queriesUsed: 0, queriesLimit: 50 } } });
    renderRoute('/account-details');
    expect(await screen.findByText('Premium')).toBeInTheDocument();
  });
});
