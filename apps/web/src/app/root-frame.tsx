import { Outlet, ScrollRestoration } from 'react-router';
import { OfflineBanner, UpdatePrompt } from '../features/offline';

/**
 * Every screen's frame: React Router puts the window back where it was when a person comes back
 * (Back, Forward) and at the top of a new page. The feeds stay in the query cache, and a list keeps
 * its cards' measured heights (post-list), so the page is as tall as it was before the scroll.
 * Above every screen, the offline banner; below, the new-version prompt (issue 48).
 */
export function RootFrame() {
  return (
    <>
      <ScrollRestoration />
      <OfflineBanner />
      <Outlet />
      <UpdatePrompt />
    </>
  );
}
