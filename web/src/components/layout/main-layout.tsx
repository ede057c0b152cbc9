import { Outlet, useNavigation } from 'react-router';

import { Footer } from './footer';
import { Header } from './header';

/** The frame around every route: header, page, footer. */
export function MainLayout() {
  // Route chunks load lazily; a thin bar tells the visitor a page is on its way.
  const navigation = useNavigation();
  return (
    <div className="flex min-h-screen flex-col">
      {navigation.state === 'loading' ? (
        <div role="progressbar" aria-label="Loading page" className="fixed top-0 left-0 z-50 h-1 w-full animate-pulse bg-amber-600" />
      ) : null}
      <Header />
      <main className="mx-auto w-full max-w-5xl flex-1 px-4 py-8">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
