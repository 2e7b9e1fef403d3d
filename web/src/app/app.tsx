import { BrowserRouter, useLocation } from 'react-router';
import { LazyToaster } from '@/components/layout/lazy-toaster';
import { ErrorBoundary } from './error-boundary';
import { AppRoutes } from './router';

export function App() {
  return (
    <BrowserRouter>
      <Pages />
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
