import { useState } from 'react';
import { Link } from 'react-router';

import { PRODUCT_NAME, TAGLINE } from '@/config/constants';
import { paths } from '@/config/paths';

import { NavDrawer } from './nav-drawer';

/** Site header: logo and title link home; the menu button opens the drawer. */
export function Header() {
  const [drawerOpen, setDrawerOpen] = useState(false);

  return (
    <header className="border-b border-amber-200 bg-white/90">
      <div className="mx-auto flex max-w-5xl items-center justify-between gap-4 px-4 py-3">
        <Link to={paths.home.getHref()} className="flex items-center gap-3">
          <img src="/favicon.svg" alt="" width={40} height={40} className="size-10" />
          <span>
            <span className="block font-serif text-2xl font-bold text-amber-900">{PRODUCT_NAME}</span>
            <span className="hidden text-xs text-stone-500 sm:block">{TAGLINE}</span>
          </span>
        </Link>
        <button
          type="button"
          onClick={() => setDrawerOpen(true)}
          aria-label="Open navigation menu"
          aria-expanded={drawerOpen}
          className="rounded-lg p-2 text-amber-900 hover:bg-amber-100"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-7" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      {/* Mounted only while open, so the drawer's user lookup runs only when needed. */}
      {drawerOpen ? <NavDrawer onClose={() => setDrawerOpen(false)} /> : null}
    </header>
  );
}
