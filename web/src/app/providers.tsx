import { TOAST_DURATION_MS } from '@shop/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { queryClient } from '@/lib/query-client';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster position="top-right" duration={TOAST_DURATION_MS} richColors closeButton />
    </QueryClientProvider>
  );
}
