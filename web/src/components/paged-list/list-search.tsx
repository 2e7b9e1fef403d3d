import { zodResolver } from '@hookform/resolvers/zod';
import { adminListQuerySchema, MAX_SEARCH_LENGTH } from '@shop/shared';
import { Search } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';

const searchSchema = adminListQuerySchema.pick({ q: true });

type ListSearchProps = {
  label: string;
  placeholder: string;
  /** The search applied now (from the URL). */
  value: string;
  onSearch: (text: string) => void;
};

/** An admin list's search box; an empty search shows the whole list again. */
export function ListSearch({ label, placeholder, value, onSearch }: ListSearchProps) {
  const form = useForm({ resolver: zodResolver(searchSchema), defaultValues: { q: value } });
  const { errors } = form.formState;
  // Back, Forward or a link changed the URL: the box shows what is applied.
  useEffect(() => form.reset({ q: value }), [form, value]);

  return (
    <form
      role="search"
      aria-label={label}
      noValidate
      onSubmit={form.handleSubmit(({ q }) => onSearch(q ?? ''))}
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
    >
      <div className="w-full sm:max-w-md">
        <Field
          label={label}
          type="search"
          placeholder={placeholder}
          maxLength={MAX_SEARCH_LENGTH}
          error={errors.q?.message}
          {...form.register('q')}
        />
      </div>
      <Button type="submit" variant="secondary" className="sm:mt-6.5">
        <Search aria-hidden="true" className="size-4" />
        Search
      </Button>
    </form>
  );
}
