import {
  CATEGORIES,
  CATEGORY_LABELS,
  MAX_SEARCH_LENGTH,
  productFilterSchema,
  SORT_LABELS,
  SORT_OPTIONS,
} from '@shop/shared';
import { ListFilter } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import type { ProductFilter } from '../utils/product-search';

type ProductFiltersProps = { value: ProductFilter; onApply: (filter: ProductFilter) => void };

/**
 * Spec section 2: search, sort, category and a Filter button; nothing applies until Filter. A plain
 * form checked with the shared schema that the URL is read with already: no form library on the
 * dashboard's first load.
 */
export function ProductFilters({ value, onApply }: ProductFiltersProps) {
  const sortId = useId();
  const categoryId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  // The search's message, for the filter it was given against.
  const [invalid, setInvalid] = useState<{ text: string; against: ProductFilter }>();
  const error = invalid?.against === value ? invalid.text : undefined;

  // Back, Forward or a link changed the URL: the controls show what is applied.
  const { q, sort, category } = value;
  useEffect(() => {
    const controls = formRef.current?.elements;
    if (!controls) return;
    // Set one by one: a <select>'s defaultValue stays at its first render's, so reset() would not do.
    (controls.namedItem('q') as HTMLInputElement).value = q;
    (controls.namedItem('sort') as HTMLSelectElement).value = sort;
    (controls.namedItem('category') as HTMLSelectElement).value = category;
  }, [q, sort, category]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const result = productFilterSchema.safeParse({
      q: form.get('q'),
      sort: form.get('sort'),
      category: form.get('category'),
    });
    if (!result.success) {
      const issue = result.error.issues.find((i) => i.path[0] === 'q') ?? result.error.issues[0];
      setInvalid({ text: issue?.message ?? '', against: value });
      searchRef.current?.focus();
      return;
    }
    setInvalid(undefined);
    const filter = result.data;
    onApply({ q: filter.q ?? '', sort: filter.sort ?? 'popular', category: filter.category ?? 'all' });
  };

  return (
    <form
      role="search"
      aria-label="Filter products"
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      className="grid grid-cols-2 gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:gap-4 md:grid-cols-[minmax(0,1fr)_11rem_11rem_auto] md:items-start"
    >
      <div className="col-span-2 md:col-span-1">
        <Field
          label="Search"
          type="search"
          placeholder="Search products"
          maxLength={MAX_SEARCH_LENGTH}
          error={error}
          ref={searchRef}
          name="q"
          defaultValue={q}
        />
      </div>
      <div className="space-y-1.5">
        <label htmlFor={sortId} className="block text-sm font-medium text-slate-900">
          Sort
        </label>
        <Select id={sortId} name="sort" defaultValue={sort}>
          {SORT_OPTIONS.map((option) => (
            <option key={option} value={option}>
              {SORT_LABELS[option]}
            </option>
          ))}
        </Select>
      </div>
      <div className="space-y-1.5">
        <label htmlFor={categoryId} className="block text-sm font-medium text-slate-900">
          Category
        </label>
        <Select id={categoryId} name="category" defaultValue={category}>
          <option value="all">All</option>
          {CATEGORIES.map((option) => (
            <option key={option} value={option}>
              {CATEGORY_LABELS[option]}
            </option>
          ))}
        </Select>
      </div>
      <Button type="submit" className="col-span-2 md:col-span-1 md:mt-6.5">
        <ListFilter aria-hidden="true" className="size-4" />
        Filter
      </Button>
    </form>
  );
}
