import '@fontsource/barlow/400.css';
import '@fontsource/barlow/600.css';
import '@fontsource/barlow-condensed/600.css';
import '@fontsource/barlow-condensed/700.css';
import '@fontsource/black-ops-one/400.css';
import 'sonner/dist/styles.css';
import './styles/index.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { configQueryOptions } from '@/features/config/api/get-config';
import { meQueryOptions } from '@/features/auth/api/get-me';
import { createQueryClient } from '@/lib/query-client';
import { AppProvider } from './app/provider';
import { createRouter } from './app/router';

const queryClient = createQueryClient();
// Start both requests before the first render; the header needs them on every page.
void queryClient.prefetchQuery(configQueryOptions);
void queryClient.prefetchQuery(meQueryOptions);

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');

createRoot(root).render(
  <StrictMode>
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={createRouter()} />
    </AppProvider>
  </StrictMode>,
);
