import { ORDER_STATUS_TEXT, type OrderEvent } from '@shop/shared';
import { formatDateTime } from '@/lib/format-date';

/** Every move of the order: what, when, who, and the note (tracking, reason). */
export function OrderHistory({ history }: { history: OrderEvent[] }) {
  return (
    <ol className="space-y-3 text-sm">
      {history.map((event, index) => (
        <li key={index} className="border-l-2 border-indigo-200 pl-3">
          <p className="font-semibold text-slate-900">{ORDER_STATUS_TEXT[event.status]}</p>
          <p className="text-slate-700">
            <time dateTime={event.time}>{formatDateTime(event.time)}</time> · {event.by}
          </p>
          {event.note && <p className="wrap-anywhere text-slate-700">{event.note}</p>}
        </li>
      ))}
    </ol>
  );
}
