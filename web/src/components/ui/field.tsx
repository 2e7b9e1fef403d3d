import { useId, type ComponentProps } from 'react';
import { FieldError } from './field-error';
import { Input } from './input';

type FieldProps = ComponentProps<'input'> & {
  label: string;
  /** A validation or server message shown under the input. */
  error?: string;
  /** A standing hint, such as "Email can't be changed". */
  hint?: string;
};

/** Label, input, hint and error, wired together for assistive technology. */
export function Field({ label, error, hint, id, ...input }: FieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className="space-y-1.5">
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      <Input id={inputId} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {hint && (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
