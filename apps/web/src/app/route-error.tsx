import { uiMessages } from '@spotter/contract';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** React Router's error screen, in Spotter's words: what failed, including a chunk that did not load. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? isChunkLoadError(error)
        ? `Part of the app failed to load (${error.message}). Check your connection and reload the page.`
        : error.message
      : String(error);
  return (
    <main className="route-error" role="alert">
      <h1>{uiMessages.routeError}</h1>
      <p>{detail}</p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        Reload
      </button>
    </main>
  );
}

function isChunkLoadError(error: Error) {
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS|Failed to fetch/i.test(
    error.message,
  );
}
