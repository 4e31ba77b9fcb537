import { toastAutoCloseMs } from '@spotter/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';
import { appQueryDefaults } from '../lib/query-defaults';
import './toasts.css';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: appQueryDefaults,
  },
});

/** SPEC §8/§9: toasts top-right, closing after 2000 ms; every feature calls react-toastify's `toast`. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToastContainer position="top-right" autoClose={toastAutoCloseMs} newestOnTop closeOnClick theme="colored" />
    </QueryClientProvider>
  );
}
