import { Outlet } from 'react-router';

/** @TODO web-shell: left navigation, right sidebar (search, suggestions), footer, phone tab bar. */
export function AppLayout() {
  return (
    <div className="app-layout">
      <main id="main">
        <Outlet />
      </main>
    </div>
  );
}
