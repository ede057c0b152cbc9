import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';

import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { PageTitle } from '@/components/ui/page-title';
import { RESET_REDIRECT_MS, RESET_PASSWORD_MIN } from '@/config/constants';
import { paths } from '@/config/paths';
import { userMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { confirmPasswordReset } from '../api/confirm-password-reset';

export const PASSWORD_TOO_SHORT = 'Password must be at least 8 characters';
export const TOKEN_REQUIRED = 'Please enter the reset token from your email';

/** /reset-password/confirm: token (from the link, or pasted) and a new password; /auth 2 s after success. */
export function ResetConfirmForm() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [token, setToken] = useState(params.get('token') ?? '');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const tokenError = submitted && !token.trim() ? TOKEN_REQUIRED : null;
  const passwordError = (submitted || password) && [...password].length < RESET_PASSWORD_MIN ? PASSWORD_TOO_SHORT : null;

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate(paths.auth.getHref()), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!token.trim() || [...password].length < RESET_PASSWORD_MIN) return;
    setBusy(true);
    try {
      await confirmPasswordReset(token.trim(), password);
      toast({ title: 'Password reset successful', description: 'You can now log in with your new password.' });
      setDone(true);
    } catch (err) {
      toast({ title: 'Something went wrong', description: userMessage(err, 'Please try again later.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="mx-auto max-w-md rounded-2xl border border-amber-200 bg-white p-6 shadow-sm">
      <PageTitle title="Set a New Password" subtitle="Pick something you'll remember and the neighbors won't guess." />
      {done ? (
        <p role="status" className="mt-4 rounded-xl bg-green-50 p-3 text-green-900">
          All set. Taking you to the login page...
        </p>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="mt-5 space-y-4">
        <Field label="Reset token" autoComplete="one-time-code" value={token} onChange={(e) => setToken(e.target.value)} error={tokenError} />
        <Field
          label="New password"
          revealable
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={passwordError}
          hint="At least 8 characters."
        />
        <Button type="submit" className="w-full" disabled={busy || done}>
          {busy ? 'Saving...' : 'Reset Password'}
        </Button>
      </form>
      <p className="mt-4 text-sm">
        <Link to={paths.auth.getHref()} className="text-amber-900 underline">
          Back to Login
        </Link>
      </p>
    </section>
  );
}
