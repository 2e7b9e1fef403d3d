import { messages } from '@shop/shared';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { toast } from './toast';
import { ApiError } from './api-error';

/** What showApiError needs of a react-hook-form form to put the server's issues next to its fields. */
export type FormHandle<T extends FieldValues> = Pick<UseFormReturn<T>, 'setError' | 'getValues'>;

/**
 * Shows a failed request: the server's message as an error toast, and its
 * issues next to the fields they name. A lost session was already handled.
 */
export function showApiError<T extends FieldValues>(error: unknown, form?: FormHandle<T>): void {
  if (!(error instanceof ApiError)) {
    console.error(error);
    toast.error(messages.internalError);
    return;
  }
  if (error.sessionLost) return;
  toast.error(error.message);
  if (!form) return;
  const fields = Object.keys(form.getValues());
  for (const issue of error.issues) {
    if (fields.includes(issue.path)) form.setError(issue.path as Path<T>, { message: issue.message });
  }
}

/**
 * After a failed submit of a form checked by hand (react-hook-form does this itself): the focus
 * goes to the first field marked invalid, so its message is read with it. Call it once the errors
 * are drawn (flushSync).
 */
export function focusFirstInvalid(form: HTMLFormElement): void {
  form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}
