import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { NavBar } from './nav-bar';
import { PageLoading } from './page-loading';
import { SkipLink } from './skip-link';

/**
 * Pages with the navigation bar: everything except login, sign up and forgot password. The footer
 * is index.html's, below the app's root.
 */
export function MainLayout() {
  return (
    <div className="flex flex-1 flex-col">
      <SkipLink />
      <NavBar />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
