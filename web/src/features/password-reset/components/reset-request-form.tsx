import { useState } from 'react';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { PageTitle } from '@/components/ui/page-title';
import { paths } from '@/config/paths';
import { userMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { requestPasswordReset } from '../api/request-password-reset';

const EMAIL = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;
export const INVALID_EMAIL = 'Please enter a valid email address';
export const RESET_SENT = 'Password reset instructions have been sent to your email.';

/** /reset-password: ask for a reset link by e-mail. */
export function ResetRequestForm() {
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const error = touched && !EMAIL.test(email.trim()) ? INVALID_EMAIL : null;

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!EMAIL.test(email.trim())) return;
    setBusy(true);
    try {
      await requestPasswordReset(email.trim());
      toast({ title: RESET_SENT });
      setSent(true);
    } catch (err) {
      toast({ title: 'Something went wrong', description: userMessage(err, 'Please try again later.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="mx-auto max-w-md rounded-2xl border border-amber-200 bg-white p-6 shadow-sm">
      <PageTitle title="Reset Password" subtitle="Forgot it? Happens to the best of us. I forget where I put my reading glasses daily." />
      {sent ? (
        <p role="status" className="mt-4 rounded-xl bg-green-50 p-3 text-green-900">
          {RESET_SENT} The link works for one hour.
        </p>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="mt-5 space-y-4">
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          onBlur={() => setTouched(true)}
          error={error}
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Sending...' : 'Send Reset Link'}
        </Button>
      </form>
      <div className="mt-4 flex flex-wrap justify-between gap-2 text-sm">
        <Link to={paths.resetPasswordConfirm.getHref()} className="text-amber-900 underline">
          Enter Reset Token
        </Link>
        <Link to={paths.auth.getHref()} className="text-amber-900 underline">
          Back to Login
        </Link>
      </div>
    </section>
  );
}
