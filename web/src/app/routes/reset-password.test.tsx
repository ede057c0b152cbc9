import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderRoute } from '@/app/testing/render-route';
import { SIGNED_OUT, stubFetch } from '@/testing/fake-api';

afterEach(() => vi.unstubAllGlobals());

describe('reset request', () => {
  it('checks the e-mail and links to the token page and back to login', async () => {
    stubFetch({ ...SIGNED_OUT, '/api/reset-password': { status: 200, body: { message: 'ok' } } });
    renderRoute('/reset-password');
    const email = await screen.findByLabelText('Email');
    fireEvent.change(email, { target: { value: 'joe' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Enter Reset Token' })).toHaveAttribute('href', '/reset-password/confirm');
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/auth');
    fireEvent.change(email, { target: { value: 'joe@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findAllByText(/Password reset instructions have been sent to your email\./)).not.toHaveLength(0);
  });

  it('shows the reset error toast', async () => {
    stubFetch({ ...SIGNED_OUT, '/api/reset-password': { status: 500, body: '' } });
    renderRoute('/reset-password');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'joe@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByText('Please try again later.')).toBeInTheDocument();
  });
});

describe('reset confirm', () => {
  it('takes the token from the link, needs 8 characters, then goes to /auth after 2 s', async () => {
    const spy = stubFetch({ ...SIGNED_OUT, '/api/reset-password/confirm': { status: 200, body: { message: 'ok' } } });
    const { router } = renderRoute('/reset-password/confirm?token=abc123');
    expect(await screen.findByLabelText('Reset token')).toHaveValue('abc123');
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'short' } });
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'longenough' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password reset successful')).toBeInTheDocument();
    expect(screen.getByText('You can now log in with your new password.')).toBeInTheDocument();
    const call = spy.mock.calls.find(([url]) => String(url) === '/api/reset-password/confirm');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ token: 'abc123', password: 'longenough' });
    expect(router.state.location.pathname).toBe('/reset-password/confirm');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'), { timeout: 3000 });
  });
});
