/**
 * Wire shapes shared across features. The full current-user shape is not in the
 * spec; these are the fields the screens read (spec 000 section 3).
 */
export type User = {
  id?: number | string;
  username: string;
  isAdmin?: boolean;
  isPaidUser?: boolean;
  termsAcceptedAt?: string | null;
  parentName?: string | null;
  parentEmail?: string | null;
  childName?: string | null;
  createdAt?: string;
};

/** GET /healthz */
export type Health = {
  status: string;
  version?: string;
};
