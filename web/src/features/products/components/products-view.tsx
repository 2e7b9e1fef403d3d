import { messages } from '@shop/shared';
import { SearchX } from 'lucide-react';
import { useDeferredValue, useEffect, useRef } from 'react';
import { LoadError } from '@/components/ui/load-error';
import { Pagination } from '@/components/ui/pagination';
import { useProducts } from '../api/get-products';
import { useProductSearch } from '../hooks/use-product-search';
import { ProductFilters } from './product-filters';
import { ProductGrid, ProductGridSkeleton } from './product-grid';

/** The dashboard below its heading: filter bar, result count, product grid and pagination. */
export function ProductsView() {
  const { search, applyFilter, goToPage } = useProductSearch();
  const products = useProducts(search);
  const summaryRef = useRef<HTMLParagraphElement>(null);

  // The grid renders in a transition once its data is in: React draws it in slices with the
  // browser free in between, and the skeleton stays until it is done.
  const data = useDeferredValue(products.data);
  const loading = products.isPending || products.isPlaceholderData || data !== products.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;
  // A page past the end (an old link, a list that shrank) moves to the last one.
  const pastTheEnd = !loading && data !== undefined && data.total > 0 && search.page > pageCount;
  useEffect(() => {
    if (pastTheEnd) goToPage(pageCount, { replace: true });
  }, [pastTheEnd, pageCount, goToPage]);

  const changePage = (page: number) => {
    goToPage(page);
    // Back to the top of the results; the button pressed may be disabled on the new page.
    summaryRef.current?.focus();
  };

  return (
    <div className="space-y-6">
      <ProductFilters value={search} onApply={applyFilter} />
      <p
        ref={summaryRef}
        tabIndex={-1}
        role="status"
        className="scroll-mt-24 text-sm font-medium text-slate-700 focus:outline-none"
      >
        {loading ? 'Loading products…' : data && `${data.total} ${data.total === 1 ? 'product' : 'products'}`}
      </p>
      {products.isError ? (
        <LoadError
          title={messages.productsLoadFailed}
          detail={products.error.message}
          onRetry={() => void products.refetch()}
        />
      ) : loading || pastTheEnd ? (
        <ProductGridSkeleton />
      ) : data && data.products.length > 0 ? (
        <ProductGrid products={data.products} />
      ) : (
        <div className="flex flex-col items-center gap-3 rounded-2xl bg-white px-6 py-12 text-center ring-1 ring-slate-200">
          <SearchX aria-hidden="true" className="size-10 text-slate-500" />
          <p className="text-slate-700">{messages.noProductsMatch}</p>
        </div>
      )}
      {!products.isError && (pageCount > 1 || search.page > 1) && (
        <Pagination page={search.page} pageCount={pageCount} onPageChange={changePage} />
      )}
    </div>
  );
}
