import { Link } from 'react-router';

import { paths } from '@/config/paths';

/** Every page carries the educational-only line, in Bubba's own words (VOICE.md). */
export function Footer() {
  return (
    <footer className="mt-12 border-t border-amber-200 bg-amber-100/60">
      <div className="mx-auto max-w-5xl px-4 py-6 text-sm text-stone-700">
        <p>
          For educational purposes only, not financial advice. I'm a fella with a porch and a stack of annual
          reports, not your financial adviser, so do your own homework before you spend a dime.
        </p>
        <p className="mt-2">
          <Link to={paths.legalDisclaimer.getHref()} className="underline hover:text-amber-900">
            Legal Disclaimer
          </Link>
        </p>
      </div>
    </footer>
  );
}
