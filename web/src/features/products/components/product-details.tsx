import { CATEGORY_LABELS, DETAIL_IMAGE_SIZES, formatRupees, messages, type Product } from '@shop/shared';
import { ArrowLeft } from 'lucide-react';
import { ProductImage } from '@/components/ui/product-image';
import { StarRating } from '@/components/ui/star-rating';
import { TextLink } from '@/components/ui/text-link';
import { lastListUrl } from '@/lib/last-list';
import { AddToCart } from './add-to-cart';

/** Spec section 2: name, image, rating, price, description, quantity and Add to Cart. */
export function ProductDetails({ product }: { product: Product }) {
  const reviews = `(${product.numReviews} ${product.numReviews === 1 ? 'review' : 'reviews'})`;
  return (
    <article>
      <TextLink to={lastListUrl()} className="inline-flex items-center gap-1.5 text-sm">
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to products
      </TextLink>
      <div className="mt-4 grid gap-8 md:grid-cols-2 md:gap-12">
        <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
          <ProductImage
            src={product.image}
            alt={product.name}
            width={600}
            height={450}
            sizes={DETAIL_IMAGE_SIZES}
            // The product page's main picture is above the fold: fetched at once.
            priority
            className="aspect-[4/3] h-auto w-full object-contain p-6"
          />
        </div>
        <div className="min-w-0">
          <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase">
            {CATEGORY_LABELS[product.category]}
          </p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight wrap-anywhere text-slate-900">
            {product.name}
          </h1>
          <div className="mt-3 flex items-center gap-2">
            <StarRating rating={product.rating} starClassName="size-5" />
            <span className="text-sm text-slate-700">{reviews}</span>
          </div>
          {/* Reviews of shoppers who never bought it are listed but move no stars: say so. */}
          {product.numReviews > 0 && (
            <p className="mt-1 text-xs text-slate-600">{messages.ratingFromBuyers}</p>
          )}
          <p className="mt-4 text-3xl font-bold text-slate-900">{formatRupees(product.price)}</p>
          <p className="mt-4 leading-relaxed wrap-anywhere whitespace-pre-line text-slate-700">
            {product.description}
          </p>
          <AddToCart product={product} />
        </div>
      </div>
    </article>
  );
}
