import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { HydrationEnd } from '@/lib/hydration';

export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/* Below the sticky header (64 px and its border): over it, a toast hid the logo and the
          phone's menu while it stood. */}
      <Toaster
        position="top-center"
        offset={{ top: 78 }}
        mobileOffset={{ top: 74 }}
        theme="dark"
        richColors
        closeButton
        toastOptions={{ className: 'font-sans' }}
      />
      <HydrationEnd />
    </QueryClientProvider>
  );
}
