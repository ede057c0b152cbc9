import { useCallback, useEffect, useRef, useState } from 'react';
import { matchPath, Outlet, useLocation, useNavigation } from 'react-router';

import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';
import { Toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { NavDrawer } from '@/features/navigation/components/nav-drawer';
import { AlertsBell } from '@/features/watchlist/components/alerts-bell';
import { TickerSearch } from '@/features/ticker-search/components/ticker-search';
import { ensureAnonymousSessionId } from '@/lib/anonymous-session';
import { useUser } from '@/lib/auth';

const isStockPage = (pathname: string) =>
  Boolean(matchPath(paths.stock.path, pathname) || matchPath(paths.stocks.path, pathname));

/**
 * The frame around every route: header (with the search box on stock pages),
 * the navigation drawer, the page, the footer and the toasts. It also creates
 * the anonymous trial id on a signed-out visitor's first visit (spec 000 section 4).
 */
export function AppLayout() {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const closeDrawer = useCallback(() => {
    setDrawerOpen(false);
    menuButtonRef.current?.focus();
  }, []);
  const { user, isLoading } = useUser();

  useEffect(() => {
    if (!isLoading && !user) ensureAnonymousSessionId();
  }, [isLoading, user]);

  return (
    // pb-20: room under the last card and the footer for the floating chat button (56 px + 16 px
    // off the edge), so it never covers a Read More or a link at the very bottom on a phone.
    <div className="flex min-h-screen flex-col pb-20" data-testid="app-frame">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      {navigation.state === 'loading' ? (
        <div
          role="progressbar"
          aria-label="Loading page"
          className="fixed top-0 left-0 z-50 h-1 w-full animate-pulse bg-amber-600"
        />
      ) : null}
      <Header
        search={isStockPage(pathname) ? <TickerSearch variant="header" /> : null}
        bell={user ? <AlertsBell /> : null}
        menuOpen={drawerOpen}
        onOpenMenu={() => setDrawerOpen(true)}
        menuButtonRef={menuButtonRef}
      />
      {/* Mounted only while open, so the drawer's lookups run only when needed. */}
      {drawerOpen ? <NavDrawer onClose={closeDrawer} /> : null}
      <main id="main" className="mx-auto w-full max-w-5xl flex-1 px-3 py-6 sm:px-4 sm:py-8">
        <Outlet />
      </main>
      <Footer />
      <Toaster />
    </div>
  );
}
