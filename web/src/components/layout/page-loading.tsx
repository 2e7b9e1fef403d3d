import { Loading } from '@/components/ui/spinner';

/**
 * While a page's chunk loads: a full screen high, so the footer already sits
 * below the fold and does not jump when the page arrives (no layout shift).
 */
export function PageLoading() {
  return (
    <div className="min-h-dvh">
      <Loading />
    </div>
  );
}
