import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderRoute } from '@/app/testing/render-route';
import { type FakeApi, SIGNED_OUT, signedIn, stubFetch } from '@/testing/fake-api';

const home: FakeApi = { '/api/top-stocks': { status: 200, body: [] }, '/api/content': { status: 200, body: [] } };
const account = { username: 'joe@example.com', queryBalance: 38, queriesUsed: 12, queriesLimit: 50, subscription: 'Free', isPaidUser: false };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

async function openMenu() {
  fireEvent.click(await screen.findByRole('button', { name: 'Open navigation menu' }));
  return screen.getByRole('navigation', { name: 'Main' });
}

describe('navigation drawer', () => {
  it('signed out: the links, Report Bug and Login / Sign Up', async () => {
    stubFetch({ ...SIGNED_OUT, ...home });
    renderRoute('/');
    const nav = await openMenu();
    const names = within(nav).getAllByRole('link').map((a) => a.textContent?.replace(/\s*\(opens in a new tab\)\s*↗?/, '').trim());
    expect(names).toEqual(['Newsletter', 'How it works', 'Meet Bubba', 'Legal Disclaimer', 'Terms', 'Privacy', 'Login / Sign Up']);
    expect(within(nav).getByRole('button', { name: 'Report Bug' })).toBeInTheDocument();
    expect(within(nav).queryByTestId('remaining-queries')).not.toBeInTheDocument();
  });

  it('on a phone the floating chat button covers neither the drawer nor the last card', async () => {
    stubFetch({ ...SIGNED_OUT, ...home });
    renderRoute('/');
    await openMenu();
    const layer = (el: HTMLElement) => Number(/\bz-(\d+)\b/.exec(el.className)?.[1] ?? 0);
    const chat = screen.getByRole('button', { name: 'Chat with Ask Bubba' });
    // The drawer (with Login / Sign Up at its foot) is stacked above the chat button.
    expect(layer(screen.getByTestId('nav-drawer'))).toBeGreaterThan(layer(chat));
    // The page leaves room at the bottom for the button (56 px + 16 px off the edge).
    expect(screen.getByTestId('app-frame')).toHaveClass('pb-20');
  });

  it('signed in: remaining queries, Account Details and Logout', async () => {
    stubFetch({ ...signedIn(), ...home, '/api/account': { status: 200, body: account } });
    renderRoute('/');
    const nav = await openMenu();
    expect(await within(nav).findByTestId('remaining-queries')).toHaveTextContent('38 chat queries remaining');
    expect(within(nav).getByRole('link', { name: 'Account Details' })).toHaveAttribute('href', '/account-details');
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('logs out with the anonymous session id and shows Login / Sign Up again', async () => {
    localStorage.setItem('anonymous_session_id', 'anon-9');
    let signedInNow = true;
    const spy = stubFetch({
      ...home,
      '/api/user': () => (signedInNow ? { status: 200, body: { id: 1, username: 'joe@example.com' } } : { status: 401, body: '' }),
      '/api/account': { status: 200, body: account },
      '/api/logout': () => {
        signedInNow = false;
        return { status: 200, body: { message: 'bye' } };
      },
    });
    renderRoute('/');
    const nav = await openMenu();
    fireEvent.click(within(nav).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument());
    const call = spy.mock.calls.find(([url]) => String(url) === '/api/logout');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ sessionId: 'anon-9' });
    const again = await openMenu();
    expect(within(again).getByRole('link', { name: 'Login / Sign Up' })).toBeInTheDocument();
  });

  it('Report Bug sends the report, reads Submitting... meanwhile, then closes the dialog and the drawer and alerts', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    let release: () => void = () => {};
    const spy = stubFetch({ ...SIGNED_OUT, ...home, '/api/report-bug': { status: 201, body: { message: 'ok' } } });
    const original = spy.getMockImplementation()!;
    spy.mockImplementation(async (input, init) => {
      if (String(input) === '/api/report-bug') await new Promise<void>((resolve) => (release = resolve));
      return original(input, init);
    });
    renderRoute('/');
    const nav = await openMenu();
    fireEvent.click(within(nav).getByRole('button', { name: 'Report Bug' }));
    const dialog = screen.getByRole('dialog', { name: 'Report a Bug' });
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'joe@example.com' } });
    fireEvent.change(within(dialog).getByLabelText('Subject'), { target: { value: 'Chart wobbles' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'It wobbles on my phone.' } });
    fireEvent.submit(within(dialog).getByRole('button', { name: 'Submit Report' }).closest('form')!);
    expect(await within(dialog).findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    release();
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Bug report submitted successfully!'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    const call = spy.mock.calls.find(([url]) => String(url) === '/api/report-bug');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ email: 'joe@example.com', subject: 'Chart wobbles', description: 'It wobbles on my phone.' });
  });

  it('a failed bug report says so in an alert and keeps the dialog to try again', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    stubFetch({ ...SIGNED_OUT, ...home, '/api/report-bug': { status: 500, body: '' } });
    renderRoute('/');
    const nav = await openMenu();
    fireEvent.click(within(nav).getByRole('button', { name: 'Report Bug' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'joe@example.com' } });
    fireEvent.change(within(dialog).getByLabelText('Subject'), { target: { value: 'x' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'y' } });
    fireEvent.submit(dialog.querySelector('form')!);
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Failed to submit bug report'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByLabelText('Subject')).toHaveValue('x');
  });
});
