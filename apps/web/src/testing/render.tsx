import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { ToastContainer } from 'react-toastify/unstyled';

/** Renders a screen part as the app does: its own query cache (no retries), a router and the toasts. */
export function renderWithApp(ui: ReactNode, client = testQueryClient()) {
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        {ui}
        <ToastContainer />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

export const testQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });

/** An API answer as the server sends it. */
export const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
