import { orderMessages, type Shipment } from '@shop/shared';

/** Carrier and tracking number, the number a link when the shop gave a tracking URL. */
export function TrackingDetails({ shipment, className }: { shipment: Shipment; className?: string }) {
  return (
    <p className={className}>
      <span className="font-semibold">{orderMessages.trackingDetails}:</span> {shipment.carrier}{' '}
      {shipment.trackingUrl ? (
        <a
          href={shipment.trackingUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="font-mono text-indigo-700 underline underline-offset-2 hover:text-indigo-900"
        >
          {shipment.trackingNumber}
        </a>
      ) : (
        <span className="font-mono">{shipment.trackingNumber}</span>
      )}
    </p>
  );
}
