import { CATEGORIES, CATEGORY_LABELS, MAX_SEARCH_LENGTH, SORT_LABELS, SORT_OPTIONS } from '@shop/shared';
import { ListFilter } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { lazyResolver } from '@/lib/lazy-resolver';
import type { ProductFilter } from '../utils/product-search';

// The dashboard's first render does not wait for the resolver (the JavaScript budget).
const resolver = lazyResolver(() => import('../utils/filter-resolver').then((m) => m.filterResolver));

type ProductFiltersProps = { value: ProductFilter; onApply: (filter: ProductFilter) => void };

/** Spec section 2: search, sort, category and a Filter button; nothing applies until Filter. */
export function ProductFilters({ value, onApply }: ProductFiltersProps) {
  const sortId = useId();
  const categoryId = useId();
  const form = useForm({ resolver, defaultValues: value });
  const { errors } = form.formState;

  // Back, Forward or a link changed the URL: the controls show what is applied.
  const { q, sort, category } = value;
  useEffect(() => form.reset({ q, sort, category }), [form, q, sort, category]);

  const onSubmit = form.handleSubmit((filter) =>
    onApply({ q: filter.q ?? '', sort: filter.sort ?? 'popular', category: filter.category ?? 'all' }),
  );

  return (
    <form
      role="search"
      aria-label="Filter products"
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
          error={errors.q?.message}
          {...form.register('q')}
        />
      </div>
      <div className="space-y-1.5">
        <label htmlFor={sortId} className="block text-sm font-medium text-slate-900">
          Sort
        </label>
        <Select id={sortId} {...form.register('sort')}>
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
        <Select id={categoryId} {...form.register('category')}>
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
