import { cutText, formatRupees, NAME_CUT, type Product } from '@shop/shared';
import { Link } from 'react-router';
import { ProductImage } from '@/components/ui/product-image';
import { StarRating } from '@/components/ui/star-rating';
import { OutOfStockBadge } from './out-of-stock-badge';

type ProductCardProps = { product: Product; /** Images above the fold load at once. */ eager?: boolean };

/** Spec section 2: image, name cut to 25 characters, star rating in half steps and price. */
export function ProductCard({ product, eager = false }: ProductCardProps) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition-shadow hover:shadow-md">
      <Link
        to={`/item/${encodeURIComponent(product._id)}`}
        aria-label={product.name}
        title={product.name}
        className="block rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700"
      >
        <div className="aspect-[4/3] bg-slate-100">
          <ProductImage
            src={product.image}
            // The link around it is already named after the product.
            alt=""
            width={400}
            height={300}
            // The grid: 2 columns on a phone, 3 from 768 px, 4 from 1024 px (max-w-6xl).
            sizes="(min-width: 1024px) 270px, (min-width: 768px) 33vw, 50vw"
            priority={eager}
            className="size-full object-contain p-1 sm:p-4"
          />
        </div>
        <h2 className="px-3 pt-3 text-sm font-semibold wrap-anywhere text-slate-900 group-hover:text-indigo-700 sm:px-4 sm:pt-4 sm:text-base">
          {cutText(product.name, NAME_CUT.dashboard)}
        </h2>
      </Link>
      {/* Too narrow for both on one line (a phone's two columns): the price goes under the stars. */}
      <div className="mt-auto flex flex-wrap items-center justify-between gap-x-2 gap-y-1 px-3 pt-2 pb-3 sm:px-4 sm:pb-4">
        <StarRating rating={product.rating} />
        <p className="text-base font-bold whitespace-nowrap text-slate-900 sm:text-lg">
          {formatRupees(product.price)}
        </p>
      </div>
      {product.countInStock <= 0 && <OutOfStockBadge className="absolute top-3 left-3" />}
    </article>
  );
}
