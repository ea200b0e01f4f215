import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { HydrationEnd } from '@/lib/hydration';

export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/* At the bottom: at the top a toast covered the header (the logo and the phone's menu). */}
      <Toaster
        position="bottom-center"
        theme="dark"
        richColors
        closeButton
        toastOptions={{ className: 'font-sans' }}
      />
      <HydrationEnd />
    </QueryClientProvider>
  );
}
