import { describe, expect, it } from 'vitest';

import { AUTH_MESSAGES, isEmail, lowercaseUsername, type SignupValues, validateLogin, validateSignup } from './validation';

const valid: SignupValues = {
  username: 'joe@example.com',
  password: 'porchswing',
  acceptTerms: true,
  acceptPrivacy: true,
  forMinor: false,
  childName: '',
  parentName: '',
  parentEmail: '',
  parentSignature: '',
  parentalConsent: false,
};

describe('sign-up schema', () => {
  it('accepts a complete form', () => expect(validateSignup(valid)).toEqual({}));

  it('uses the spec texts for the checkboxes', () => {
    const errors = validateSignup({ ...valid, acceptTerms: false, acceptPrivacy: false });
    expect(errors.acceptTerms).toBe('You must accept the Terms and Conditions to continue');
    expect(errors.acceptPrivacy).toBe('You must accept the Privacy Policy to continue');
  });

  it('requires a username and an e-mail shape', () => {
    expect(validateSignup({ ...valid, username: ' ' }).username).toBe(AUTH_MESSAGES.usernameRequired);
    expect(validateSignup({ ...valid, username: 'joe' }).username).toBe('Please enter a valid email address');
  });

  it('requires 8 to 128 characters of password', () => {
    expect(validateSignup({ ...valid, password: '' }).password).toBe(AUTH_MESSAGES.passwordRequired);
    expect(validateSignup({ ...valid, password: 'short' }).password).toBe('Password must be at least 8 characters');
    expect(validateSignup({ ...valid, password: 'x'.repeat(129) }).password).toBe(AUTH_MESSAGES.passwordTooLong);
  });

  it('checks the parent e-mail only when given', () => {
    expect(validateSignup({ ...valid, forMinor: true, parentEmail: '' })).toEqual({});
    expect(validateSignup({ ...valid, forMinor: true, parentEmail: 'mom@' }).parentEmail).toBe('Please enter a valid parent email');
  });
});

describe('login schema', () => {
  it('requires both fields but no password length', () => {
    expect(validateLogin({ username: '', password: '' })).toEqual({
      username: AUTH_MESSAGES.usernameRequired,
      password: AUTH_MESSAGES.passwordRequired,
    });
    expect(validateLogin({ username: 'a@b.co', password: 'x' })).toEqual({});
  });
});

describe('helpers', () => {
  it('lowercases the username as typed', () => expect(lowercaseUsername('Joe@Example.COM')).toBe('joe@example.com'));
  it('recognises e-mail addresses like the API does', () => {
    expect(isEmail('a.b+c@mail.example.org')).toBe(true);
    expect(isEmail('a..b@example.com')).toBe(false);
    expect(isEmail('a@localhost')).toBe(false);
  });
});
