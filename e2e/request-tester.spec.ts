import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

/**
 * The request tester at /test where the browser is the point: its lazily loaded chunks, its layout at
 * phone and desktop width, axe on the real layout. Its form, headers, bodies and answers are a jsdom test
 * (apps/web/src/features/request-tester/routes/request-tester.test.tsx; docs/testing.md).
 */

const tree = (page: Page) => page.locator('.tester-tree');

async function submit(page: Page) {
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
}

async function expectStatus(page: Page, status: string, statusText: string) {
  await expect(page.getByTestId('response-status')).toHaveText(status);
  await expect(page.getByTestId('response-status-text')).toHaveText(statusText);
}

test.beforeEach(async ({ page }) => {
  await page.goto('/test');
  await expect(page.getByRole('heading', { name: 'Request tester', level: 1 })).toBeVisible();
});

test('with the headers folded, the answer’s body is in view at phone and desktop width', async ({ page }) => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto('/test');
    await submit(page);
    await expectStatus(page, '200', 'OK');
    const todos = tree(page).locator('.object-key', { hasText: /^todos$/ });
    await todos.scrollIntoViewIfNeeded();
    const headers = tree(page).locator('.object-key', { hasText: /^headers$/ });
    // The headers' key and the body's key are a few lines apart, not eighteen headers apart.
    const gap = ((await todos.boundingBox())?.y ?? 0) - ((await headers.boundingBox())?.y ?? 0);
    expect(Math.abs(gap)).toBeLessThan(120);
  }
});

test('the tree viewer is its own chunk; when it fails to load, the panel says so and the status stays', async ({
  page,
}) => {
  await page.route('**/assets/response-tree-*.js', (route) => route.abort());
  await submit(page);
  await expectStatus(page, '200', 'OK');
  await expect(page.getByRole('alert')).toContainText('The response viewer failed to load');
  await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
});

test('the login screen does not load the tree viewer', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(scripts.some((url) => url.includes('response-tree'))).toBe(false);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`no serious or critical accessibility violation, ${colorScheme} mode, with a response shown`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ colorScheme, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto('/test');
    await page.getByLabel('Body (JSON)').fill('{');
    await submit(page);
    await expectStatus(page, '200', 'OK');
    await expect(tree(page)).toContainText('todos');
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await context.close();
  });
}

test('fits a 360 px phone without sideways scrolling', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await page.goto('/test');
  await submit(page);
  await expectStatus(page, '200', 'OK');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await context.close();
});
