/**
 * Client-side checks with the exact texts of spec 000 section 5 and the API's
 * own wording for the rest (jobs/src/accounts/messages.rs), so the form and
 * the server never disagree. The sign-up form runs the full schema on every
 * keystroke; a field shows its error once touched or after a submit.
 */
export const AUTH_MESSAGES = {
  usernameRequired: 'Please enter your email address as your username',
  invalidEmail: 'Please enter a valid email address',
  passwordRequired: 'Please enter your password',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'That password is longer than 128 characters. Please pick a shorter one.',
  acceptTerms: 'You must accept the Terms and Conditions to continue',
  acceptPrivacy: 'You must accept the Privacy Policy to continue',
  invalidParentEmail: 'Please enter a valid parent email',
} as const;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

// The same conservative shape the API accepts: local@domain.tld, ASCII, no spaces.
const EMAIL = /^(?!\.)(?!.*\.\.)[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]{1,64}(?<!\.)@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;

export const isEmail = (value: string) => value.length <= 254 && EMAIL.test(value.trim());

export type SignupValues = {
  username: string;
  password: string;
  acceptTerms: boolean;
  acceptPrivacy: boolean;
  forMinor: boolean;
  childName: string;
  parentName: string;
  parentEmail: string;
  parentSignature: string;
  parentalConsent: boolean;
};

export type LoginValues = { username: string; password: string };

export type Errors<T> = Partial<Record<keyof T, string>>;

function passwordError(password: string, rules: 'new' | 'login'): string | undefined {
  if (!password) return AUTH_MESSAGES.passwordRequired;
  if (rules === 'login') return undefined;
  const length = [...password].length;
  if (length < PASSWORD_MIN) return AUTH_MESSAGES.passwordTooShort;
  if (length > PASSWORD_MAX) return AUTH_MESSAGES.passwordTooLong;
  return undefined;
}

export function validateSignup(values: SignupValues): Errors<SignupValues> {
  const errors: Errors<SignupValues> = {};
  const username = values.username.trim();
  if (!username) errors.username = AUTH_MESSAGES.usernameRequired;
  else if (!isEmail(username)) errors.username = AUTH_MESSAGES.invalidEmail;
  const password = passwordError(values.password, 'new');
  if (password) errors.password = password;
  if (!values.acceptTerms) errors.acceptTerms = AUTH_MESSAGES.acceptTerms;
  if (!values.acceptPrivacy) errors.acceptPrivacy = AUTH_MESSAGES.acceptPrivacy;
  if (values.forMinor && values.parentEmail.trim() && !isEmail(values.parentEmail)) {
    errors.parentEmail = AUTH_MESSAGES.invalidParentEmail;
  }
  return errors;
}

export function validateLogin(values: LoginValues): Errors<LoginValues> {
  const errors: Errors<LoginValues> = {};
  if (!values.username.trim()) errors.username = AUTH_MESSAGES.usernameRequired;
  const password = passwordError(values.password, 'login');
  if (password) errors.password = password;
  return errors;
}

/** The username is forced to lowercase as it is typed. */
export const lowercaseUsername = (typed: string) => typed.toLowerCase();
