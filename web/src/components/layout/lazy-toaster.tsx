import { TOAST_DURATION_MS } from '@shop/shared';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { loadSonner, subscribeToaster, toasterWanted } from '@/lib/toast';

const Toaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));

/** sonner's Toaster, fetched and mounted with the first toast. */
export function LazyToaster() {
  const wanted = useSyncExternalStore(subscribeToaster, toasterWanted);
  if (!wanted) return null;
  return (
    <Suspense>
      <Toaster position="top-right" duration={TOAST_DURATION_MS} richColors closeButton />
    </Suspense>
  );
}
