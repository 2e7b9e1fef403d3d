import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { ReactNode } from 'react';
import { Button } from './button';
import { dialogContentStyles, dialogOverlayStyles, dialogTitleStyles } from './dialog-styles';

type ConfirmDialogProps = {
  /** The button that opens the dialog; none when the caller opens it (`open`, `onOpenChange`). */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Without a trigger, where the focus goes back to when the dialog closes. */
  returnFocusTo?: HTMLElement | null;
  title: string;
  /** The question, such as the spec's 'Are you sure you want to delete this product.' */
  description: string;
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm: () => void;
};

/** Spec section 8: deletions ask first, with Delete and Cancel; Cancel has the focus. */
export function ConfirmDialog({
  trigger,
  open,
  onOpenChange,
  returnFocusTo,
  title,
  description,
  confirmLabel = 'Delete',
  cancelLabel = 'Cancel',
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root {...(open === undefined ? {} : { open })} onOpenChange={onOpenChange}>
      {trigger && <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={dialogOverlayStyles} />
        <AlertDialog.Content
          className={dialogContentStyles}
          onCloseAutoFocus={(event) => {
            if (!returnFocusTo) return;
            event.preventDefault();
            returnFocusTo.focus();
          }}
        >
          <AlertDialog.Title className={dialogTitleStyles}>{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-slate-700">{description}</AlertDialog.Description>
          {/* In the page's order at every width (no reversing), so Tab goes the way the eye does. */}
          <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">{cancelLabel}</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button className="bg-red-700 hover:bg-red-800 active:bg-red-900" onClick={onConfirm}>
                {confirmLabel}
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
