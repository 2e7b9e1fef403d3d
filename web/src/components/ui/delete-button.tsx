import { Trash2 } from 'lucide-react';
import { ConfirmDialog } from './confirm-dialog';
import { IconButton } from './icon-button';

type DeleteButtonProps = {
  /** The button's accessible name, e.g. "Delete Asha". */
  label: string;
  title: string;
  /** The spec's confirmation question. */
  question: string;
  pending: boolean;
  /** Another deletion is running (positions would shift under it). */
  disabled?: boolean;
  onConfirm: () => void;
};

/** A trash icon that asks first, with Delete and Cancel (spec section 8). */
export function DeleteButton({ label, title, question, pending, disabled, onConfirm }: DeleteButtonProps) {
  return (
    <ConfirmDialog
      trigger={
        <IconButton
          label={label}
          icon={<Trash2 aria-hidden="true" className="size-5" />}
          loading={pending}
          disabled={disabled}
          className="text-red-700 hover:bg-red-50"
        />
      }
      title={title}
      description={question}
      onConfirm={onConfirm}
    />
  );
}
