import { messages, NARROW_WIDTH } from '@shop/shared';
import { ShoppingCart } from 'lucide-react';
import { useRef, type Ref } from 'react';
import { ButtonLink } from '@/components/ui/button-link';
import { LoadError } from '@/components/ui/load-error';
import { Loading } from '@/components/ui/spinner';
import { useCart } from '@/lib/cart-query';
import { useFocusAfterChange } from '@/lib/keep-focus';
import { useMediaQuery } from '@/lib/use-media-query';
import { CartList } from './cart-list';
import { CartSummary } from './cart-summary';
import { CartTable } from './cart-table';

/** Spec section 2: a table over 600 px wide, stacked cards at 600 px and below. */
export function CartView() {
  const cart = useCart();
  const wide = useMediaQuery(`(min-width: ${NARROW_WIDTH + 1}px)`);
  const linesRef = useRef<HTMLDivElement>(null);
  const emptyRef = useRef<HTMLParagraphElement>(null);
  // After a removal the focus would fall back to the page's start; keep it at the cart.
  const focusLines = () => linesRef.current?.focus();
  // The last line removed takes the lines with it: the focus goes to the empty cart's message.
  const empty = cart.data && cart.data.cartProducts.length === 0;
  useFocusAfterChange(cart.data && (empty ? 'empty' : 'lines'), () => emptyRef.current);

  if (cart.isPending) return <Loading label="Loading your cart…" />;
  if (cart.isError) {
    return (
      <LoadError
        title={messages.cartLoadFailed}
        detail={cart.error.message}
        onRetry={() => void cart.refetch()}
      />
    );
  }

  const { cartProducts, total } = cart.data;
  if (cartProducts.length === 0) return <EmptyCart messageRef={emptyRef} />;
  return (
    <>
      <div ref={linesRef} tabIndex={-1} className="focus:outline-none">
        {wide ? (
          <CartTable lines={cartProducts} onRemoved={focusLines} />
        ) : (
          <CartList lines={cartProducts} onRemoved={focusLines} />
        )}
      </div>
      <CartSummary total={total} blocked={cartProducts.some((line) => !line.available)} />
    </>
  );
}

function EmptyCart({ messageRef }: { messageRef: Ref<HTMLParagraphElement> }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl bg-white px-6 py-12 text-center shadow-sm ring-1 ring-slate-200">
      <ShoppingCart aria-hidden="true" className="size-10 text-slate-500" />
      <p ref={messageRef} tabIndex={-1} className="text-slate-700 focus:outline-none">
        {messages.emptyCart}
      </p>
      <ButtonLink to="/userDashboard">Browse products</ButtonLink>
    </div>
  );
}
