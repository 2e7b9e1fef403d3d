import { orderMessages, type Order } from '@shop/shared';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useCancelOrder } from '../api/cancel-order';

/** A placed order may be cancelled by its customer, after a confirmation; the payment is refunded. */
export function CancelOrderButton({ order }: { order: Order }) {
  const cancel = useCancelOrder();
  return (
    <ConfirmDialog
      trigger={
        <Button variant="secondary" loading={cancel.isPending} className="w-full sm:w-auto">
          {orderMessages.cancelOrder}
        </Button>
      }
      title={orderMessages.cancelOrder}
      description={orderMessages.cancelOrderQuestion}
      confirmLabel={orderMessages.cancelOrder}
      cancelLabel={orderMessages.keepOrder}
      onConfirm={() => cancel.mutate(order._id)}
    />
  );
}
