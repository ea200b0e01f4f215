import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { HydrationEnd } from '@/lib/hydration';

export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster
        position="top-center"
        theme="dark"
        richColors
        closeButton
        toastOptions={{ className: 'font-sans' }}
      />
      <HydrationEnd />
    </QueryClientProvider>
  );
}
