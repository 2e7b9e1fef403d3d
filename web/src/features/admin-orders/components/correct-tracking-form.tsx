import { zodResolver } from '@hookform/resolvers/zod';
import { orderMessages, shipOrderSchema, type AdminOrder, type ShipOrderInput } from '@shop/shared';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { useOrderAction } from '../api/admin-order';

type Shipment = NonNullable<AdminOrder['shipment']>;

const valuesOf = (shipment: Shipment): ShipOrderInput => ({
  carrier: shipment.carrier,
  trackingNumber: shipment.trackingNumber,
  trackingUrl: shipment.trackingUrl ?? '',
});

/**
 * A shipped order's carrier and tracking, to put right one typed wrong: shipping it again with
 * other details corrects them (the server records the change and mails the customer).
 */
export function CorrectTrackingForm({ order, shipment }: { order: AdminOrder; shipment: Shipment }) {
  const action = useOrderAction(order._id);
  const form = useForm({ resolver: zodResolver(shipOrderSchema), defaultValues: valuesOf(shipment) });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((body) =>
    action.mutate(
      { action: 'ship', body },
      { onSuccess: ({ body: saved }) => saved.order.shipment && form.reset(valuesOf(saved.order.shipment)) },
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-label={orderMessages.correctTracking} className="space-y-3">
      <h4 className="font-semibold text-slate-900">{orderMessages.correctTracking}</h4>
      <Field label="Carrier" maxLength={100} error={errors.carrier?.message} {...form.register('carrier')} />
      <Field
        label="Tracking number"
        maxLength={100}
        error={errors.trackingNumber?.message}
        {...form.register('trackingNumber')}
      />
      <Field
        label="Tracking URL (optional)"
        type="url"
        error={errors.trackingUrl?.message}
        {...form.register('trackingUrl')}
      />
      <Button type="submit" loading={action.isPending}>
        Save tracking
      </Button>
    </form>
  );
}
