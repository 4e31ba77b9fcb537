import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

/**
 * Routing failures land on the error screen 'Unexpected Application Error!' (SPEC §8); a lazily loaded
 * route chunk that fails to load is reported as such, and Reload recovers once it can load again.
 */

const testerChunk = '**/assets/request-tester-*.js';
const homeChunk = '**/assets/home-*.js';

async function expectErrorScreen(page: Page, detail: string | RegExp) {
  const screen = page.getByRole('alert');
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!', exact: true })).toBeVisible();
  await expect(screen).toContainText(detail);
}

test('a route chunk that cannot be fetched is reported as failing to load, and Reload recovers', async ({ page }) => {
  await page.route(testerChunk, (route) => route.abort('connectionreset'));
  await page.goto('/test');
  await expectErrorScreen(page, 'Part of the app failed to load');
  await expect(page.getByRole('alert')).toContainText(/request-tester-[\w-]+\.js/);

  await page.unroute(testerChunk);
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { name: 'Request tester', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toHaveCount(0);
});

test('a route chunk answered with 404 (an old tab after a new release) is reported as failing to load', async ({
  page,
}) => {
  await page.route(testerChunk, (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'gone' }));
  await page.goto('/test');
  await expectErrorScreen(page, 'Part of the app failed to load');
});

test('a chunk that fails while the visitor moves between screens shows the error screen in place', async ({
  page,
  signInAsGuest,
}) => {
  await signInAsGuest();
  await page.goto('/test');
  await expect(page.getByRole('heading', { name: 'Request tester', level: 1 })).toBeVisible();
  await page.route(homeChunk, (route) => route.abort('internetdisconnected'));
  await page.getByRole('link', { name: 'Spotter' }).click();
  await expectErrorScreen(page, 'Part of the app failed to load');
  await expect(page).toHaveURL(/\/landing$/);
});

test('a route whose code throws while loading shows the error screen with what went wrong', async ({ page }) => {
  await page.route(testerChunk, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/javascript',
      body: 'throw new Error("The request tester broke while starting");',
    }),
  );
  await page.goto('/test');
  await expectErrorScreen(page, 'The request tester broke while starting');
});

test('a route stylesheet that cannot be fetched is reported too', async ({ page }) => {
  await page.route('**/assets/request-tester-*.css', (route) => route.abort('connectionreset'));
  await page.goto('/test');
  await expectErrorScreen(page, /Unable to preload CSS for .*request-tester-[\w-]+\.css/);
});

test('an unknown address gets a not-found page, not an application error', async ({ page }) => {
  await page.goto('/no-such-screen');
  await expect(page.getByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toHaveCount(0);
});
