import type { ReactNode, Ref } from 'react';
import { Link } from 'react-router';

import { PRODUCT_NAME, TAGLINE } from '@/config/constants';
import { paths } from '@/config/paths';

type HeaderProps = {
  /** The stock pages put a search box in the header. */
  search?: ReactNode;
  /** The alerts bell, for signed-in users. */
  bell?: ReactNode;
  menuOpen: boolean;
  onOpenMenu: () => void;
  /** Focus comes back here when the drawer closes. */
  menuButtonRef?: Ref<HTMLButtonElement>;
};

/** Site header: logo and title link home; the menu button opens the navigation drawer. */
export function Header({ search, bell, menuOpen, onOpenMenu, menuButtonRef }: HeaderProps) {
  return (
    <header className="border-b border-amber-200 bg-white/90">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
        <Link to={paths.home.getHref()} className="flex items-center gap-3 rounded-lg">
          <img src="/favicon.svg" alt="" width={40} height={40} className="size-10" />
          <span>
            <span className="block font-serif text-2xl font-bold text-amber-900">{PRODUCT_NAME}</span>
            <span className="hidden text-xs text-stone-500 sm:block">{TAGLINE}</span>
          </span>
        </Link>
        <div className="order-last w-full sm:order-none sm:ml-auto sm:w-auto">{search}</div>
        {bell ? <div className="ml-auto sm:ml-0">{bell}</div> : null}
        <button
          ref={menuButtonRef}
          type="button"
          onClick={onOpenMenu}
          aria-label="Open navigation menu"
          aria-expanded={menuOpen}
          className="ml-auto rounded-lg p-2 text-amber-900 hover:bg-amber-100 sm:ml-0"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-7" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
          </svg>
        </button>
      </div>
    </header>
  );
}
