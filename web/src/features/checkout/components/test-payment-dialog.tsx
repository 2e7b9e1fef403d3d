import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { formatRupees, messages, TEST_CARDS, type OrderCreateAnswer } from '@shop/shared';
import { FlaskConical } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { dialogContentStyles, dialogOverlayStyles, dialogTitleStyles } from '@/components/ui/dialog-styles';
import { Field } from '@/components/ui/field';
import { ApiError } from '@/lib/api-error';
import { usePayTestCard } from '../api/pay-test-card';
import type { TestOutcome } from '../hooks/use-checkout';

type TestPaymentDialogProps = { order: OrderCreateAnswer; onFinish: (outcome: TestOutcome) => void };

/**
 * The shop's own card window when no real provider is configured: a modal
 * dialog (AlertDialog, so a click outside does not close it by accident).
 */
export function TestPaymentDialog({ order, onFinish }: TestPaymentDialogProps) {
  const pay = usePayTestCard();
  const inputRef = useRef<HTMLInputElement>(null);
  const [cardNumber, setCardNumber] = useState<string>(TEST_CARDS.success);
  const [error, setError] = useState<string>();
  const amount = formatRupees(order.data.amount);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const card = cardNumber.trim();
    if (!card) {
      setError(messages.cardNumberRequired);
      inputRef.current?.focus();
      return;
    }
    pay.mutate(
      { order_id: order.id, card_number: card },
      {
        onSuccess: ({ body }) => onFinish({ kind: 'paid', result: body }),
        onError: (failure) => {
          if (failure instanceof ApiError && failure.status === 402) return onFinish({ kind: 'declined' });
          if (isCardError(failure)) {
            setError(failure.message);
            inputRef.current?.focus();
            return;
          }
          onFinish({ kind: 'failed', error: failure });
        },
      },
    );
  };

  return (
    <AlertDialog.Root
      open
      onOpenChange={(open) => {
        if (!open && !pay.isPending) onFinish({ kind: 'cancelled' });
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={dialogOverlayStyles} />
        <AlertDialog.Content
          // A form to fill in, not an alert: a plain modal dialog.
          role="dialog"
          className={dialogContentStyles}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            inputRef.current?.focus();
          }}
          onEscapeKeyDown={(event) => {
            if (pay.isPending) event.preventDefault();
          }}
        >
          <AlertDialog.Title className={`${dialogTitleStyles} flex items-center gap-2`}>
            <FlaskConical aria-hidden="true" className="size-5 text-indigo-700" />
            Test payment
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 rounded-lg bg-amber-50 p-3 text-sm font-medium text-amber-900 ring-1 ring-amber-200">
            {messages.testPaymentNotice}
          </AlertDialog.Description>
          <p className="mt-4 flex items-baseline justify-between gap-3 text-slate-700">
            Amount
            <span className="text-2xl font-bold text-slate-900">{amount}</span>
          </p>
          <div className="mt-4 text-sm text-slate-700">
            <p className="font-medium text-slate-900">Test cards</p>
            <ul className="mt-1 space-y-1">
              <li>
                Payment succeeds: <span className="font-mono text-slate-900">{TEST_CARDS.success}</span>
              </li>
              <li>
                Card is declined: <span className="font-mono text-slate-900">{TEST_CARDS.declined}</span>
              </li>
            </ul>
          </div>
          <form noValidate onSubmit={submit} className="mt-5 space-y-5">
            <Field
              ref={inputRef}
              label="Card number"
              inputMode="numeric"
              autoComplete="off"
              value={cardNumber}
              onChange={(event) => {
                setCardNumber(event.target.value);
                setError(undefined);
              }}
              error={error}
              className="font-mono"
            />
            {/* In the page's order at every width (no reversing), so Tab goes the way the eye does. */}
            <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
              <Button
                variant="secondary"
                disabled={pay.isPending}
                onClick={() => onFinish({ kind: 'cancelled' })}
              >
                Cancel
              </Button>
              <Button type="submit" loading={pay.isPending}>
                Pay {amount}
              </Button>
            </div>
          </form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/** A card number the test gateway does not know: fix it in the window. Anything else ends the attempt. */
function isCardError(error: unknown): error is ApiError {
  if (!(error instanceof ApiError) || error.status !== 400) return false;
  return error.message === messages.useTestCard || error.issues.some((issue) => issue.path === 'card_number');
}
