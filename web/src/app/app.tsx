import { lazy, Suspense } from 'react';
import { BrowserRouter, useLocation } from 'react-router';
import { LazyToaster } from '@/components/layout/lazy-toaster';
import { ErrorBoundary } from './error-boundary';
import { AppRoutes } from './router';

// Scroll positions and the list's last URL: nothing the first page's render waits for.
const PlaceKeeper = lazy(() => import('@/components/layout/place-keeper'));

export function App() {
  return (
    <BrowserRouter>
      <Pages />
      <Suspense>
        <PlaceKeeper />
      </Suspense>
      <LazyToaster />
    </BrowserRouter>
  );
}

function Pages() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary location={pathname}>
      <AppRoutes />
    </ErrorBoundary>
  );
}
