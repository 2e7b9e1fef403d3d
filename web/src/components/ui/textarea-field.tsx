import { useId, type ComponentProps } from 'react';
import { FieldError } from './field-error';
import { Textarea } from './textarea';

type TextareaFieldProps = ComponentProps<'textarea'> & { label: string; error?: string };

/** Label, textarea and error, wired together like Field. */
export function TextareaField({ label, error, id, ...textarea }: TextareaFieldProps) {
  const generatedId = useId();
  const textareaId = id ?? generatedId;
  const errorId = `${textareaId}-error`;
  return (
    <div className="space-y-1.5">
      <label htmlFor={textareaId} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      <Textarea
        id={textareaId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...textarea}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}
