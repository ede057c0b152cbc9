import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderRoute } from '@/app/testing/render-route';
import { SIGNED_OUT, signedIn, stubFetch } from '@/testing/fake-api';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const home = { '/api/top-stocks': { status: 200, body: [] }, '/api/content': { status: 200, body: [] } };

describe('auth page', () => {
  it('opens Login first, and Sign Up first with ?signup=true', async () => {
    stubFetch(SIGNED_OUT);
    renderRoute('/auth');
    expect(await screen.findByRole('tab', { name: 'Login', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute('href', '/reset-password');
  });

  it('opens Sign Up with ?signup=true, with terms and privacy links', async () => {
    stubFetch(SIGNED_OUT);
    renderRoute('/auth?signup=true');
    expect(await screen.findByRole('tab', { name: 'Sign Up', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  });

  it('sends a signed-in visitor home', async () => {
    stubFetch({ ...signedIn(), ...home });
    const { router } = renderRoute('/auth');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('forces the username to lowercase as typed', async () => {
    stubFetch(SIGNED_OUT);
    renderRoute('/auth');
    const email = await screen.findByLabelText('Email');
    fireEvent.change(email, { target: { value: 'Joe@Example.COM' } });
    expect(email).toHaveValue('joe@example.com');
  });

  it('toggles password visibility', async () => {
    stubFetch(SIGNED_OUT);
    renderRoute('/auth');
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
  });

  it('validates sign-up live with the spec texts', async () => {
    stubFetch(SIGNED_OUT);
    renderRoute('/auth?signup=true');
    const email = await screen.findByLabelText('Email');
    fireEvent.change(email, { target: { value: 'joe' } });
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    fireEvent.change(email, { target: { value: 'joe@example.com' } });
    expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'short' } });
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByText('You must accept the Terms and Conditions to continue')).toBeInTheDocument();
    expect(screen.getByText('You must accept the Privacy Policy to continue')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: /Terms and Conditions/ }));
    expect(screen.queryByText('You must accept the Terms and Conditions to continue')).not.toBeInTheDocument();
  });

  it('checks the parent e-mail of a minor account', async () => {
    stubFetch(SIGNED_OUT);
    renderRoute('/auth?signup=true');
    fireEvent.click(await screen.findByRole('checkbox', { name: /young investor/ }));
    fireEvent.change(screen.getByLabelText("Parent's email"), { target: { value: 'mom@' } });
    expect(screen.getByText('Please enter a valid parent email')).toBeInTheDocument();
  });

  it('registers, caches the user, toasts and goes home', async () => {
    let registered = false;
    const spy = stubFetch({
      '/api/user': () => (registered ? { status: 200, body: { id: 1, username: 'joe@example.com' } } : { status: 401, body: '' }),
      '/api/register': () => {
        registered = true;
        return { status: 201, body: { id: 1, username: 'joe@example.com' } };
      },
      ...home,
    });
    const { router } = renderRoute('/auth?signup=true');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'Joe@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'porchswing' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Terms and Conditions/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Privacy Policy/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Account created successfully')).toBeInTheDocument();
    expect(screen.getByText('Welcome to Ask Bubba!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const call = spy.mock.calls.find(([url]) => String(url) === '/api/register');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      username: 'joe@example.com',
      password: 'porchswing',
      acceptTerms: true,
      acceptPrivacy: true,
    });
  });

  it('shows the server message when login fails', async () => {
    stubFetch({ ...SIGNED_OUT, '/api/login': { status: 401, body: { message: "That email and password don't match our records." } } });
    renderRoute('/auth');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'joe@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    expect(screen.getByText("That email and password don't match our records.")).toBeInTheDocument();
  });

  it('uses the fallback text when the login failure has no message', async () => {
    stubFetch({ ...SIGNED_OUT, '/api/login': { status: 500, body: '' } });
    renderRoute('/auth');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'joe@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'whatever1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('Please check your credentials and try again')).toBeInTheDocument();
  });
});
