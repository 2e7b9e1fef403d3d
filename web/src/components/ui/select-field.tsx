import { useId, type ComponentProps } from 'react';
import { FieldError } from './field-error';
import { Select } from './select';

type SelectFieldProps = ComponentProps<'select'> & { label: string; error?: string };

/** Label, select and error, wired together like Field; the options are the children. */
export function SelectField({ label, error, id, children, ...select }: SelectFieldProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  const errorId = `${selectId}-error`;
  return (
    <div className="space-y-1.5">
      <label htmlFor={selectId} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      <Select
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...select}
      >
        {children}
      </Select>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
