import {
  cancelOrderSchema,
  formatRupees,
  orderMessages,
  paiseToRupees,
  refundOrderSchema,
  rupeesToPaise,
  shipOrderSchema,
  type AdminOrder,
} from '@shop/shared';
import { useState, type FormEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select-field';
import { TextareaField } from '@/components/ui/textarea-field';
import { focusFirstInvalid } from '@/lib/form-errors';
import { useOrderAction, type OrderAction } from '../api/admin-order';
import { CorrectTrackingForm } from './correct-tracking-form';

type Errors = Record<string, string | undefined>;

/** The form's values checked with the route's own schema: the same messages as the server's. */
function check<S extends z.ZodType>(schema: S, values: unknown): { data?: z.output<S>; errors: Errors } {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { data: parsed.data, errors: {} };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return { errors };
}

/** The question asked before an action that sends money back; none for the others. */
function questionOf(act: OrderAction, left: number): string | undefined {
  switch (act.action) {
    case 'cancel':
      return orderMessages.confirmCancelRefund;
    case 'return':
      return orderMessages.confirmReturnRefund;
    case 'refund':
      return orderMessages.confirmRefund(formatRupees(act.body.amount ?? left));
    default:
      return undefined;
  }
}

/** What the owner can do with the order in its state: ship, deliver, cancel, take back, refund. */
export function OrderActions({ order }: { order: AdminOrder }) {
  const action = useOrderAction(order._id);
  const [errors, setErrors] = useState<Record<string, Errors>>({});
  // An action that refunds, waiting for the owner to confirm it.
  const [asking, setAsking] = useState<{ act: OrderAction; form?: HTMLFormElement; question: string }>();
  // Kept past the dialog's closing, when `asking` is already gone.
  const [returnFocusTo, setReturnFocusTo] = useState<HTMLElement | null>(null);
  // Counted in paise: rupee amounts in floating point would leave a speck.
  const left = paiseToRupees(
    Math.max(0, rupeesToPaise(order.paymentDetails.orderAmount) - rupeesToPaise(order.refund?.amount ?? 0)),
  );
  const act = (todo: OrderAction, form?: HTMLFormElement) =>
    action.mutate(todo, { onSuccess: () => form?.reset() });
  const run = (todo: OrderAction, form?: HTMLFormElement) => {
    const question = questionOf(todo, left);
    if (question) {
      setReturnFocusTo(form?.querySelector<HTMLButtonElement>('button[type="submit"]') ?? null);
      setAsking({ act: todo, form, question });
    } else act(todo, form);
  };
  const submit =
    <S extends z.ZodType>(name: string, schema: S, toAction: (data: z.output<S>) => OrderAction) =>
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const form = event.currentTarget;
      const values = Object.fromEntries(new FormData(form));
      const { data, errors: found } = check(schema, name === 'refund' ? refundValues(values) : values);
      // Drawn at once, so the first invalid field takes the focus with its message already there.
      flushSync(() => setErrors((all) => ({ ...all, [name]: found })));
      if (data === undefined) focusFirstInvalid(form);
      else run(toAction(data), form);
    };
  const open = order.status === 'placed' || order.status === 'shipped';
  // Refunded in full (or on its way), there is nothing left to refund.
  const refundable = !open && left > 0;

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {order.status === 'placed' && (
        <ActionForm
          title="Ship"
          onSubmit={submit('ship', shipOrderSchema, (body) => ({ action: 'ship', body }))}
          busy={action.isPending}
          button="Mark shipped"
        >
          <Field label="Carrier" name="carrier" maxLength={100} error={errors.ship?.carrier} />
          <Field
            label="Tracking number"
            name="trackingNumber"
            maxLength={100}
            error={errors.ship?.trackingNumber}
          />
          <Field
            label="Tracking URL (optional)"
            name="trackingUrl"
            type="url"
            error={errors.ship?.trackingUrl}
          />
        </ActionForm>
      )}
      {order.status === 'shipped' && order.shipment && (
        <CorrectTrackingForm order={order} shipment={order.shipment} />
      )}
      {open && (
        <div className="space-y-2">
          <h4 className="font-semibold text-slate-900">Deliver</h4>
          <Button variant="secondary" loading={action.isPending} onClick={() => run({ action: 'deliver' })}>
            Mark delivered
          </Button>
        </div>
      )}
      {open && (
        <ActionForm
          title="Cancel"
          onSubmit={submit('cancel', cancelOrderSchema, (body) => ({ action: 'cancel', body }))}
          busy={action.isPending}
          button="Cancel and refund"
        >
          <TextareaField
            label="Reason"
            name="reason"
            maxLength={500}
            rows={2}
            error={errors.cancel?.reason}
          />
        </ActionForm>
      )}
      {order.status === 'delivered' && (
        <ActionForm
          title="Return"
          onSubmit={(event) => {
            event.preventDefault();
            const form = event.currentTarget;
            const values = new FormData(form);
            run(
              {
                action: 'return',
                body: {
                  resaleable: values.get('resaleable') === 'yes',
                  note: String(values.get('note') ?? ''),
                },
              },
              form,
            );
          }}
          busy={action.isPending}
          button="Mark returned and refund"
        >
          <SelectField label="Can the goods be sold again?" name="resaleable" defaultValue="yes">
            <option value="yes">Yes: back in stock</option>
            <option value="no">No</option>
          </SelectField>
          <Field label="Note (optional)" name="note" maxLength={500} />
        </ActionForm>
      )}
      {refundable && (
        <ActionForm
          title="Refund"
          onSubmit={submit('refund', refundOrderSchema, (body) => ({ action: 'refund', body }))}
          busy={action.isPending}
          button="Refund"
        >
          <p className="text-sm text-slate-700">
            Order total {formatRupees(order.paymentDetails.orderAmount)}
            {order.refund ? `; refunded or on its way ${formatRupees(order.refund.amount)}` : ''}.
          </p>
          <Field
            label="Amount in rupees (empty: all that is left)"
            name="amount"
            type="number"
            step="0.01"
            min="0"
            inputMode="decimal"
            error={errors.refund?.amount}
          />
        </ActionForm>
      )}
      {!open && !refundable && <p className="text-sm text-slate-700">{orderMessages.refundNothingLeft}</p>}
      <ConfirmDialog
        open={asking !== undefined}
        onOpenChange={(isOpen) => !isOpen && setAsking(undefined)}
        title="Refund the customer"
        description={asking?.question ?? ''}
        confirmLabel="Refund"
        cancelLabel="Go back"
        onConfirm={() => asking && act(asking.act, asking.form)}
        returnFocusTo={returnFocusTo}
      />
    </div>
  );
}

/** An empty amount asks for all that is left; anything typed is a number the schema checks. */
function refundValues(values: Record<string, FormDataEntryValue>) {
  const amount = String(values.amount ?? '').trim();
  return amount === '' ? {} : { amount: Number(amount) };
}

function ActionForm(props: {
  title: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  busy: boolean;
  button: string;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={props.onSubmit} aria-label={props.title} className="space-y-3">
      <h4 className="font-semibold text-slate-900">{props.title}</h4>
      {props.children}
      <Button type="submit" loading={props.busy}>
        {props.button}
      </Button>
    </form>
  );
}
