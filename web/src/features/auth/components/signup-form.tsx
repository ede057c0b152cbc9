import { useState } from 'react';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { PRODUCT_NAME } from '@/config/constants';
import { paths } from '@/config/paths';
import { userMessage } from '@/lib/api-client';
import { useAuthActions } from '@/lib/auth';
import { toast } from '@/lib/toast';

import { type Errors, lowercaseUsername, type SignupValues, validateSignup } from '../utils/validation';

import { Checkbox } from './checkbox';

const EMPTY: SignupValues = {
  username: '',
  password: '',
  acceptTerms: false,
  acceptPrivacy: false,
  forMinor: false,
  childName: '',
  parentName: '',
  parentEmail: '',
  parentSignature: '',
  parentalConsent: false,
};

/**
 * Sign Up tab: validated live against the whole schema as the visitor types;
 * each field shows its message once touched (or after a submit attempt).
 */
export function SignupForm() {
  const { register } = useAuthActions();
  const [values, setValues] = useState<SignupValues>(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<keyof SignupValues, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const allErrors = validateSignup(values);
  const shown: Errors<SignupValues> = {};
  for (const key of Object.keys(allErrors) as Array<keyof SignupValues>) {
    if (submitted || touched[key]) shown[key] = allErrors[key];
  }

  const set = <K extends keyof SignupValues>(key: K, value: SignupValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setTouched((t) => ({ ...t, [key]: true }));
  };
  const touch = (key: keyof SignupValues) => () => setTouched((t) => ({ ...t, [key]: true }));

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(allErrors).length > 0) return;
    setBusy(true);
    try {
      const minor = values.forMinor;
      await register({
        username: values.username.trim(),
        password: values.password,
        acceptTerms: values.acceptTerms,
        acceptPrivacy: values.acceptPrivacy,
        ...(minor
          ? {
              childName: values.childName.trim() || undefined,
              parentName: values.parentName.trim() || undefined,
              parentEmail: values.parentEmail.trim() || undefined,
              parentSignature: values.parentSignature.trim() || undefined,
              parentalConsent: values.parentalConsent,
            }
          : {}),
      });
      toast({ title: 'Account created successfully', description: `Welcome to ${PRODUCT_NAME}!` });
    } catch (error) {
      toast({ title: 'Registration failed', description: userMessage(error, 'Please try again'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Sign up">
      <Field
        label="Email"
        type="email"
        autoComplete="username"
        autoCapitalize="none"
        hint="Your email is your username."
        value={values.username}
        onChange={(e) => set('username', lowercaseUsername(e.target.value))}
        onBlur={touch('username')}
        error={shown.username}
      />
      <Field
        label="Password"
        revealable
        autoComplete="new-password"
        hint="At least 8 characters."
        value={values.password}
        onChange={(e) => set('password', e.target.value)}
        onBlur={touch('password')}
        error={shown.password}
      />
      <Checkbox
        checked={values.forMinor}
        onChange={(checked) => set('forMinor', checked)}
        label="I'm signing up a young investor (under 18) with a parent's consent"
      />
      {values.forMinor ? (
        <fieldset className="space-y-3 rounded-xl border border-amber-200 p-3">
          <legend className="px-1 text-sm font-semibold text-stone-700">Parent consent</legend>
          <Field label="Child's name" value={values.childName} onChange={(e) => set('childName', e.target.value)} />
          <Field label="Parent's name" value={values.parentName} onChange={(e) => set('parentName', e.target.value)} />
          <Field
            label="Parent's email"
            type="email"
            value={values.parentEmail}
            onChange={(e) => set('parentEmail', e.target.value)}
            onBlur={touch('parentEmail')}
            error={shown.parentEmail}
          />
          <Field label="Parent's signature (type full name)" value={values.parentSignature} onChange={(e) => set('parentSignature', e.target.value)} />
          <Checkbox
            checked={values.parentalConsent}
            onChange={(checked) => set('parentalConsent', checked)}
            label="As the parent or guardian, I consent to this account."
          />
        </fieldset>
      ) : null}
      <Checkbox
        checked={values.acceptTerms}
        onChange={(checked) => set('acceptTerms', checked)}
        onBlur={touch('acceptTerms')}
        error={shown.acceptTerms}
        label={
          <>
            I accept the{' '}
            <Link to={paths.terms.getHref()} className="text-amber-900 underline">
              Terms and Conditions
            </Link>
          </>
        }
      />
      <Checkbox
        checked={values.acceptPrivacy}
        onChange={(checked) => set('acceptPrivacy', checked)}
        onBlur={touch('acceptPrivacy')}
        error={shown.acceptPrivacy}
        label={
          <>
            I accept the{' '}
            <Link to={paths.privacy.getHref()} className="text-amber-900 underline">
              Privacy Policy
            </Link>
          </>
        }
      />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Creating your account...' : 'Sign Up'}
      </Button>
    </form>
  );
}
