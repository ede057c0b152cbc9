import { redirect } from 'react-router';

import { paths } from '@/config/paths';
import { clearAnonymousSessionId } from '@/lib/anonymous-session';

/** /reset-session: forget the anonymous trial id, then open a sample stock (spec 000 section 2). */
export function loader() {
  clearAnonymousSessionId();
  return redirect(paths.stock.getHref('AAPL'));
}

// The loader always redirects; this only satisfies react-router's "leaf route renders something" check.
export function Component() {
  return null;
}
