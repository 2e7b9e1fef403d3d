import type { AdminOrder } from '@shop/shared';
import { Button } from '@/components/ui/button';
import { showApiError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useMarkDelivered } from '../api/mark-delivered';

type DeliverButtonProps = {
  order: AdminOrder;
  /** This button is gone once the order is delivered: the caller keeps the focus nearby. */
  onDelivered: () => void;
};

export function DeliverButton({ order, onDelivered }: DeliverButtonProps) {
  const deliver = useMarkDelivered();
  const markDelivered = () =>
    deliver.mutate(order._id, {
      onSuccess: ({ body }) => {
        toast.success(body.message);
        onDelivered();
      },
      onError: (error) => showApiError(error),
    });

  return (
    <Button
      variant="secondary"
      loading={deliver.isPending}
      aria-label={`Mark delivered: ${order.orderItem.name} for ${order.buyer.name}`}
      onClick={markDelivered}
      className="whitespace-nowrap"
    >
      Mark delivered
    </Button>
  );
}
