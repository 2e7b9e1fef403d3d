import type { Product } from '@shop/shared';
import { ProductCard } from './product-card';

/** 2 columns on a phone, 3 from 768 px, 4 from 1024 px. */
const gridStyles = 'grid grid-cols-2 gap-3 sm:gap-6 md:grid-cols-3 lg:grid-cols-4';
/** Roughly the first row at any width: no lazy loading for what is visible at once. */
const EAGER_IMAGES = 4;

export function ProductGrid({ products }: { products: Product[] }) {
  return (
    <ul aria-label="Products" aria-busy="false" className={gridStyles}>
      {products.map((product, i) => (
        <li key={product._id}>
          <ProductCard product={product} eager={i < EAGER_IMAGES} />
        </li>
      ))}
    </ul>
  );
}

export function ProductGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <ul aria-label="Products" aria-busy="true" className={gridStyles}>
      {Array.from({ length: count }, (_, i) => (
        <li key={i} aria-hidden="true" className="overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200">
          <div className="aspect-[4/3] animate-pulse bg-slate-200" />
          <div className="space-y-3 p-4">
            <div className="h-4 w-3/4 animate-pulse rounded bg-slate-200" />
            <div className="flex justify-between">
              <div className="h-4 w-20 animate-pulse rounded bg-slate-200" />
              <div className="h-4 w-16 animate-pulse rounded bg-slate-200" />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
