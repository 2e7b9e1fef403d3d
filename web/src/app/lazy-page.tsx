import { lazy, type ComponentType } from 'react';

type PageModule<K extends string> = Record<K, ComponentType>;

type PageOptions = {
  /** The page uses TanStack Query: its provider comes alongside. */
  queries?: boolean;
  /** Asks for what the page shows first while its code loads, not once it renders. */
  prefetch?: () => Promise<unknown>;
};

/**
 * A page in its own chunk (React.lazy), fetched when its route first renders;
 * the layouts' Suspense shows a loading line meanwhile. Pages that use TanStack
 * Query get its provider, fetched alongside rather than after.
 */
export function lazyPage<K extends string>(
  load: () => Promise<PageModule<K>>,
  name: K,
  { queries = true, prefetch }: PageOptions = {},
) {
  return lazy(async () => {
    // A failed prefetch is left to the page's own query, which asks again and shows the error.
    void prefetch?.().catch(() => undefined);
    if (!queries) return { default: (await load())[name] };
    const [{ WithQueries }, module] = await Promise.all([import('./with-queries'), load()]);
    const Page: ComponentType = module[name];
    return {
      default: function PageWithQueries() {
        return (
          <WithQueries>
            <Page />
          </WithQueries>
        );
      },
    };
  });
}
