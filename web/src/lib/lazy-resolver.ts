import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form resolver fetched when the form is first checked (its first submit), so a page that only
 * shows the form does not load the resolver, nor the schema when nothing else on it needs one.
 */
export function lazyResolver<TInput extends FieldValues, TContext, TOutput extends FieldValues>(
  load: () => Promise<Resolver<TInput, TContext, TOutput>>,
): Resolver<TInput, TContext, TOutput> {
  return async (values, context, options) => (await load())(values, context, options);
}
