import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';

import { NEWSLETTER_URL, PERSONA_NAME } from '@/config/constants';
import { paths } from '@/config/paths';
import { useFocusTrap } from '@/hooks/use-focus-trap';
import { useAuthActions, useUser } from '@/lib/auth';
import { toast } from '@/lib/toast';

import { useQueryUsage } from '../api/get-account';

import { ReportBugDialog } from './report-bug-dialog';

type NavDrawerProps = { onClose: () => void };

const PUBLIC_LINKS = [
  { to: paths.howItWorks.getHref(), label: 'How it works' },
  { to: paths.meetBubba.getHref(), label: `Meet ${PERSONA_NAME}` },
  { to: paths.legalDisclaimer.getHref(), label: 'Legal Disclaimer' },
  { to: paths.terms.getHref(), label: 'Terms' },
  { to: paths.privacy.getHref(), label: 'Privacy' },
];

/**
 * The navigation drawer (spec 000 "Navigation drawer"): remaining queries when
 * signed in, the links, Report Bug, and Logout or Login / Sign Up.
 */
export function NavDrawer({ onClose }: NavDrawerProps) {
  const { isSignedIn, isLoading } = useUser();
  const { logout } = useAuthActions();
  const usage = useQueryUsage(isSignedIn);
  const [bugOpen, setBugOpen] = useState(false);
  const closeRef = useRef<HTMLButtonElement>(null);
  const trap = useFocusTrap<HTMLElement>();

  useEffect(() => {
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  const onLogout = async () => {
    try {
      await logout();
      onClose();
    } catch (error) {
      toast({ title: 'Logout failed', description: error instanceof Error ? error.message : undefined, variant: 'destructive' });
    }
  };

  const linkClass = 'block rounded-lg px-3 py-2 hover:bg-amber-100 focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:outline-none';
  return (
    // Above the floating chat button (z-40), which would otherwise sit on Login / Sign Up.
    <div className="fixed inset-0 z-50" data-testid="nav-drawer">
      <button type="button" aria-label="Close navigation menu" tabIndex={-1} className="absolute inset-0 bg-stone-900/40" onClick={onClose} />
      <nav ref={trap} aria-label="Main" className="absolute top-0 right-0 flex h-full w-72 max-w-[85vw] flex-col gap-1 overflow-y-auto bg-white p-4 shadow-xl">
        <button ref={closeRef} type="button" onClick={onClose} className="mb-2 self-end rounded-lg px-2 py-1 text-sm hover:bg-amber-100">
          Close
        </button>
        {isSignedIn ? (
          <p className="mb-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-stone-700" data-testid="remaining-queries">
            {usage.remaining === null ? (
              usage.error ? 'Query count is napping. Try again later.' : 'Counting your queries...'
            ) : (
              <>
                <strong className="text-amber-900">{usage.remaining}</strong> chat queries remaining
              </>
            )}
          </p>
        ) : null}
        {isSignedIn ? (
          <>
            <Link to={paths.accountDetails.getHref()} className={linkClass} onClick={onClose}>
              Account Details
            </Link>
            <Link to={paths.myStocks.getHref()} className={linkClass} onClick={onClose}>
              My stocks
            </Link>
            <Link to={paths.analytics.getHref()} className={linkClass} onClick={onClose}>
              Enhanced Analytics
            </Link>
          </>
        ) : null}
        <a href={NEWSLETTER_URL} target="_blank" rel="noopener noreferrer" className={linkClass}>
          Newsletter <span className="sr-only">(opens in a new tab)</span>
          <span aria-hidden="true">↗</span>
        </a>
        {PUBLIC_LINKS.map((link) => (
          <Link key={link.to} to={link.to} className={linkClass} onClick={onClose}>
            {link.label}
          </Link>
        ))}
        <button type="button" className={`${linkClass} text-left`} onClick={() => setBugOpen(true)}>
          Report Bug
        </button>
        <div className="mt-auto pt-4">
          {isSignedIn ? (
            <button type="button" onClick={onLogout} className={`${linkClass} w-full border border-amber-700 text-center font-semibold text-amber-900`}>
              Logout
            </button>
          ) : !isLoading ? (
            <Link to={paths.auth.getHref()} className={`${linkClass} bg-amber-700 text-center font-semibold text-white hover:bg-amber-800`} onClick={onClose}>
              Login / Sign Up
            </Link>
          ) : null}
        </div>
      </nav>
      {bugOpen ? (
        <ReportBugDialog
          onClose={() => setBugOpen(false)}
          onSubmitted={() => {
            setBugOpen(false);
            onClose();
          }}
        />
      ) : null}
    </div>
  );
}
