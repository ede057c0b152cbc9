import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubFetch } from '@/testing/fake-api';
import { TestSWRConfig } from '@/testing/swr';

import { AlertSettingsForm } from './alert-settings';

afterEach(() => vi.unstubAllGlobals());

describe('AlertSettingsForm', () => {
  it('shows the stored choices and saves a change', async () => {
    const sent: unknown[] = [];
    stubFetch({
      '/api/alert-settings': (_url, init) => {
        if (init?.method === 'PUT') {
          const body: unknown = JSON.parse(String(init.body));
          sent.push(body);
          return { status: 200, body };
        }
        return { status: 200, body: { alertsEnabled: true, digestEnabled: true, digestDay: 1 } };
      },
    });
    render(
      <TestSWRConfig>
        <AlertSettingsForm />
      </TestSWRConfig>,
    );
    const alerts = await screen.findByRole('checkbox', { name: /Alert me/ });
    expect(alerts).toBeChecked();
    expect(screen.getByRole('combobox', { name: /Digest day/ })).toHaveValue('1');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    fireEvent.click(alerts);
    fireEvent.change(screen.getByRole('combobox', { name: /Digest day/ }), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toEqual([{ alertsEnabled: false, digestEnabled: true, digestDay: 5 }]));
  });
});
