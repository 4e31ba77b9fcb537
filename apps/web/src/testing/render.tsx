import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, MemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { ToastContainer } from 'react-toastify/unstyled';
import { appQueryDefaults } from '../lib/query-defaults';

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

/**
 * Renders `routes` as the app routes its screens, opened at `path`: the returned router says where a
 * click or a redirect led (`router.state.location.pathname`) and goes elsewhere (`router.navigate`).
 */
export function renderRoutes(routes: RouteObject[], path: string, client = testQueryClient()) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <ToastContainer />
    </QueryClientProvider>,
  );
  return { router, ...view };
}

export const testQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { ...appQueryDefaults, retry: false } } });

/** An API answer as the server sends it. */
export const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
