import { useState } from 'react';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { userMessage } from '@/lib/api-client';
import { useAuthActions } from '@/lib/auth';
import { toast } from '@/lib/toast';

import { type Errors, type LoginValues, lowercaseUsername, validateLogin } from '../utils/validation';

/** Login tab: e-mail (lowercased as typed) and password with a visibility toggle. */
export function LoginForm() {
  const { login } = useAuthActions();
  const [values, setValues] = useState<LoginValues>({ username: '', password: '' });
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const errors: Errors<LoginValues> = submitted ? validateLogin(values) : {};

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(validateLogin(values)).length > 0) return;
    setBusy(true);
    try {
      await login({ username: values.username.trim(), password: values.password });
    } catch (error) {
      toast({ title: 'Login failed', description: userMessage(error, 'Please check your credentials and try again'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Log in">
      <Field
        label="Email"
        type="email"
        autoComplete="username"
        autoCapitalize="none"
        value={values.username}
        onChange={(e) => setValues((v) => ({ ...v, username: lowercaseUsername(e.target.value) }))}
        error={errors.username}
      />
      <Field
        label="Password"
        revealable
        autoComplete="current-password"
        value={values.password}
        onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
        error={errors.password}
      />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Logging in...' : 'Log In'}
      </Button>
      <p className="text-center text-sm">
        <Link to={paths.resetPassword.getHref()} className="text-amber-900 underline">
          Forgot Password?
        </Link>
      </p>
    </form>
  );
}
