import { overviewMessages } from '@shop/shared';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { useSaveThreshold } from '../api/overview';

type FormProps = {
  label: string;
  hint?: string;
  value: number | null;
  productId?: string;
  compact?: boolean;
  submitLabel?: string;
};

/**
 * One threshold: a whole number from 0; a product's may be left empty to follow the default.
 * Compact, it sits in a table's row (the low-stock list); otherwise it is a form of its own.
 */
export function ThresholdForm({
  label,
  hint,
  value,
  productId,
  compact = false,
  submitLabel = 'Save default',
}: FormProps) {
  const save = useSaveThreshold();
  const [text, setText] = useState(value === null ? '' : String(value));
  const [error, setError] = useState<string>();
  const [done, setDone] = useState(false);
  const inputId = useId();
  function submit(event: FormEvent) {
    event.preventDefault();
    const threshold = text.trim() === '' && productId ? null : Number(text);
    if (threshold !== null && (!Number.isInteger(threshold) || threshold < 0 || text.trim() === '')) {
      setError(overviewMessages.invalidThreshold);
      return;
    }
    setError(undefined);
    setDone(false);
    save.mutate(
      { productId, threshold },
      { onSuccess: () => setDone(true), onError: (e) => setError(e.message) },
    );
  }
  const input = {
    type: 'number',
    inputMode: 'numeric',
    min: 0,
    step: 1,
    value: text,
    onChange: (e: ChangeEvent<HTMLInputElement>) => setText(e.target.value),
  } as const;
  const status = (
    <p role="status" className="text-sm text-emerald-800">
      {done ? overviewMessages.thresholdSaved : ''}
    </p>
  );
  if (!compact) {
    return (
      <form onSubmit={submit} noValidate className="max-w-md space-y-3">
        <Field label={label} hint={hint} error={error} {...input} />
        <Button type="submit" loading={save.isPending}>
          {submitLabel}
        </Button>
        {status}
      </form>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-start justify-end gap-2">
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      <Input
        id={inputId}
        className="w-24"
        placeholder="default"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        {...input}
      />
      <Button type="submit" variant="secondary" loading={save.isPending}>
        Save
      </Button>
      <FieldError id={`${inputId}-error`} message={error} />
      {status}
    </form>
  );
}
