import { use, type ComponentType } from 'react';

type PageModule<K extends string> = Record<K, ComponentType>;

type PageOptions = {
  /** The page uses TanStack Query: its provider comes alongside. */
  queries?: boolean;
  /** Asks for what the page shows first while its code loads, not once it renders. */
  prefetch?: () => Promise<unknown>;
};

/** A page in its own chunk; `preload` fetches its code (first-page.ts calls it before the first render). */
export type LazyPage = ComponentType & { preload: () => Promise<ComponentType> };

/**
 * A page in its own chunk, fetched when its route first renders (or when preloaded); the
 * layouts' Suspense shows a loading line meanwhile. Pages that use TanStack Query get its
 * provider, fetched alongside rather than after. Once loaded, the page renders at once, without
 * suspending: unlike React.lazy, which suspends on its first render even when its code is in.
 */
export function lazyPage<K extends string>(
  load: () => Promise<PageModule<K>>,
  name: K,
  { queries = true, prefetch }: PageOptions = {},
): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;

  async function fetchPage(): Promise<ComponentType> {
    if (!queries) return (await load())[name];
    const [{ WithQueries }, module] = await Promise.all([import('./with-queries'), load()]);
    const Page: ComponentType = module[name];
    return function PageWithQueries() {
      return (
        <WithQueries>
          <Page />
        </WithQueries>
      );
    };
  }

  const preload = () =>
    (loading ??= fetchPage().then(
      (page) => (loaded = page),
      (error: unknown) => {
        // The next visit tries again (the error boundary shows this one's failure).
        loading = undefined;
        throw error;
      },
    ));

  let prefetched = false;
  // A failed prefetch is left to the page's own query, which asks again and shows the error.
  const prefetchOnce = () => {
    if (prefetched) return;
    prefetched = true;
    void prefetch?.().catch(() => undefined);
  };

  function LazyPageRoute() {
    if (loaded) return <Page page={loaded} />;
    // Rendered before its code is in: its data is asked for meanwhile. (Not in `preload`: the
    // first page's code loads before RequireLogin has decided whether the page may show.)
    prefetchOnce();
    return <Page page={use(preload())} />;
  }
  return Object.assign(LazyPageRoute, { preload });
}

function Page({ page: Loaded }: { page: ComponentType }) {
  return <Loaded />;
}
