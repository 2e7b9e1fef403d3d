import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { NavBar } from './nav-bar';
import { PageLoading } from './page-loading';
import { SkipLink } from './skip-link';

/** Pages with the navigation bar: everything except login, sign up and forgot password. */
export function MainLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <NavBar />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="border-t border-slate-200 bg-white py-6 text-center text-sm text-slate-600">
        The Shop · Prices in Indian rupees
      </footer>
    </div>
  );
}
