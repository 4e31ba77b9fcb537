import type { Page, Request } from '@playwright/test';
import { notificationStreamPath } from '@spotter/contract';

/**
 * "The page has finished loading" for a signed-in page. Playwright's `networkidle` never comes once
 * the bell's notification stream is open (its request does not end), or comes before it opens, by
 * chance; so the journeys count the page's requests themselves and leave long-lived ones out.
 */
const inFlight = new WeakMap<Page, Set<Request>>();
const longLived = (request: Request) => new URL(request.url()).pathname === notificationStreamPath;

/** Counts the page's requests from now on (the `page` fixture calls it for every journey). */
export function trackRequests(page: Page) {
  const requests = new Set<Request>();
  inFlight.set(page, requests);
  page.on('request', (request) => {
    if (!longLived(request)) requests.add(request);
  });
  page.on('requestfinished', (request) => requests.delete(request));
  page.on('requestfailed', (request) => requests.delete(request));
}

/** Waits until the page has loaded and no request of its (but streams) has been open for `quietMs`. */
export async function settled(page: Page, { quietMs = 500, timeoutMs = 30_000 } = {}) {
  await page.waitForLoadState('load');
  const requests = inFlight.get(page);
  if (!requests) throw new Error('settled(page): the page was not made by the journeys’ page fixture');
  const deadline = Date.now() + timeoutMs;
  let quietSince = Date.now();
  while (Date.now() - quietSince < quietMs) {
    if (Date.now() > deadline) {
      throw new Error(`still loading after ${timeoutMs} ms: ${[...requests].map((r) => r.url()).join(', ')}`);
    }
    if (requests.size > 0) quietSince = Date.now();
    await page.waitForTimeout(50);
  }
}
