import { lazy, Suspense, useSyncExternalStore } from 'react';
import { loadSonner, subscribeToaster, toasterWanted } from '@/lib/toast';

const Toaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));

/** The Toaster (lib/sonner.tsx), fetched and mounted with the first toast. */
export function LazyToaster() {
  const wanted = useSyncExternalStore(subscribeToaster, toasterWanted);
  if (!wanted) return null;
  return (
    <Suspense>
      <Toaster />
    </Suspense>
  );
}
