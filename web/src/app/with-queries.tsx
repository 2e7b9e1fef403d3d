import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '@/lib/query-client';

/**
 * TanStack Query's provider, in the chunk of the pages that use it (every page
 * but the landing page and "not found"), so those two load without it. Every
 * page gets the one client, so the cache outlives navigation.
 */
export function WithQueries({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
