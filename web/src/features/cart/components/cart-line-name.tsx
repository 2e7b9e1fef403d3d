import { cutText, messages, NAME_CUT, type CartLine } from '@shop/shared';
import { TriangleAlert } from 'lucide-react';
import { ProductImage } from '@/components/ui/product-image';
import { TextLink } from '@/components/ui/text-link';
import { cn } from '@/lib/cn';

/** Picture and name cut to 40 characters (spec section 9), and why the line cannot be bought, if so. */
export function CartLineName({ line }: { line: CartLine }) {
  const { product } = line;
  return (
    <div className="flex min-w-0 items-center gap-3">
      <ProductImage
        src={product.image}
        alt=""
        width={64}
        height={64}
        className={cn(
          'size-16 shrink-0 rounded-lg bg-slate-100 object-contain p-1',
          !line.available && 'grayscale',
        )}
      />
      <div className="min-w-0">
        <TextLink
          to={`/item/${encodeURIComponent(product._id)}`}
          title={product.name}
          className={cn('wrap-anywhere', !line.available && 'text-slate-700')}
        >
          {cutText(product.name, NAME_CUT.cart)}
        </TextLink>
        {!line.available && (
          <p className="mt-1 flex items-start gap-1.5 text-sm font-medium text-red-800">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {line.problem ?? messages.productUnavailable}
          </p>
        )}
      </div>
    </div>
  );
}
