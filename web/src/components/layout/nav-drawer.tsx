import { useEffect } from 'react';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth';

type NavDrawerProps = { onClose: () => void };

// Spec 000 "Navigation drawer". Newsletter (external URL not yet known), Report Bug
// (dialog), remaining queries and Logout arrive with their features.
const PUBLIC_LINKS = [
  { to: paths.howItWorks.getHref(), label: 'How it works' },
  { to: paths.meetBubba.getHref(), label: 'Meet Bubba' },
  { to: paths.legalDisclaimer.getHref(), label: 'Legal Disclaimer' },
  { to: paths.terms.getHref(), label: 'Terms' },
  { to: paths.privacy.getHref(), label: 'Privacy' },
];

export function NavDrawer({ onClose }: NavDrawerProps) {
  const { isSignedIn, isLoading } = useUser();

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  const linkClass = 'block rounded-lg px-3 py-2 hover:bg-amber-100';
  return (
    <div className="fixed inset-0 z-40">
      <button type="button" aria-label="Close navigation menu" className="absolute inset-0 bg-stone-900/40" onClick={onClose} />
      <nav aria-label="Main" className="absolute top-0 right-0 flex h-full w-72 flex-col gap-1 bg-white p-4 shadow-xl">
        <button type="button" onClick={onClose} className="mb-2 self-end rounded-lg px-2 py-1 text-sm hover:bg-amber-100">
          Close
        </button>
        {isSignedIn ? (
          <Link to={paths.accountDetails.getHref()} className={linkClass} onClick={onClose}>
            Account Details
          </Link>
        ) : null}
        {PUBLIC_LINKS.map((link) => (
          <Link key={link.to} to={link.to} className={linkClass} onClick={onClose}>
            {link.label}
          </Link>
        ))}
        {!isSignedIn && !isLoading ? (
          <Link to={paths.auth.getHref()} className={`${linkClass} mt-auto bg-amber-700 text-center text-white hover:bg-amber-800`} onClick={onClose}>
            Login / Sign Up
          </Link>
        ) : null}
      </nav>
    </div>
  );
}
