import { ShoppingBag } from 'lucide-react';
import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { PageLoading } from './page-loading';

/** Login, sign up and forgot password: no navigation bar (spec section 2), just the brand. */
export function AuthLayout() {
  return (
    <div className="flex flex-1 flex-col bg-gradient-to-b from-indigo-50 to-slate-50">
      <header className="flex justify-center pt-8">
        <Link
          to="/"
          className="flex items-center gap-2 rounded-lg px-2 py-1 text-xl font-bold text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-700"
        >
          <ShoppingBag aria-hidden="true" className="size-7 text-indigo-700" />
          The Shop
        </Link>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
