import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { guestCredentials } from '@spotter/contract';
import { expect, test } from './support/fixtures';

/** The request tester at /test, walked by an anonymous visitor (SPEC §2-§5, §9), by its exact texts. */

const tree = (page: Page) => page.locator('.tester-tree');
const responsePanel = (page: Page) => page.getByRole('region', { name: 'Response' });

async function submit(page: Page) {
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
}

/** Adding and deleting todos need a token: the guest's, typed into header 2 as a person would. */
async function useGuestToken(page: Page) {
  const login = await page.request.post('/api/auth/login', { data: guestCredentials });
  const { encodedToken } = (await login.json()) as { encodedToken: string };
  await page.getByLabel('Header 2 name').fill('Authorization');
  await page.getByLabel('Header 2 value').fill(encodedToken);
  await page.getByLabel('Use header 2').check();
}

async function expectStatus(page: Page, status: string, statusText: string) {
  await expect(page.getByTestId('response-status')).toHaveText(status);
  await expect(page.getByTestId('response-status-text')).toHaveText(statusText);
}

test.beforeEach(async ({ page }) => {
  await page.goto('/test');
  await expect(page.getByRole('heading', { name: 'Request tester', level: 1 })).toBeVisible();
});

test('opens with its defaults: GET /api/test-todos, Accept */*, an empty JSON object, no response', async ({
  page,
}) => {
  await expect(page.getByLabel('Method')).toHaveValue('GET');
  await expect(page.getByLabel('Method').locator('option')).toHaveText(['GET', 'POST', 'DELETE']);
  const endpoint = page.getByPlaceholder('Enter your endpoint');
  await expect(endpoint).toHaveValue('/api/test-todos');
  await expect(page.getByRole('heading', { name: 'Headers (1)', exact: true })).toBeVisible();
  await expect(page.getByLabel('Use header 1')).toBeChecked();
  await expect(page.getByLabel('Header 1 name')).toHaveValue('Accept');
  await expect(page.getByLabel('Header 1 value')).toHaveValue('*/*');
  await expect(page.getByLabel('Use header 2')).not.toBeChecked();
  await expect(page.getByLabel('Header 2 name')).toHaveValue('');
  await expect(page.getByLabel('Header 2 value')).toHaveValue('');
  await expect(page.getByLabel('Header 3 name')).toHaveCount(0);
  await expect(page.getByLabel('Body (JSON)')).toHaveValue('{}');
  await expect(responsePanel(page).getByText('Response is undefined.', { exact: true })).toBeVisible();
});

test('GET of the default list shows status, status text, headers and body as a tree', async ({ page }) => {
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/test-todos'));
  await submit(page);
  const request = await sent;
  expect(request.method()).toBe('GET');
  expect(request.headers().accept).toBe('*/*');
  expect(request.headers().authorization).toBeUndefined();
  await expectStatus(page, '200', 'OK');
  await expect(responsePanel(page).getByText('Response is undefined.')).toHaveCount(0);
  await expect(tree(page)).toContainText('todos');
  // The response's headers start folded, so the body is in view; a click opens them, another folds them.
  await expect(tree(page)).not.toContainText('content-type');
  await tree(page)
    .locator('.object-key', { hasText: /^headers$/ })
    .click();
  await expect(tree(page)).toContainText('content-type');
  await expect(tree(page)).toContainText('application/json; charset=utf-8');
  await tree(page)
    .locator('.object-key', { hasText: /^headers$/ })
    .click();
  await expect(tree(page)).not.toContainText('content-type');
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

test('a body showing its JSON error is not sent: Submit sends nothing until it is fixed', async ({ page }) => {
  const sent: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/test-todos')) sent.push(`${r.method()} ${r.postData() ?? ''}`);
  });
  await useGuestToken(page);
  await page.getByLabel('Method').selectOption('POST');
  const body = page.getByLabel('Body (JSON)');
  await body.fill('{"text": "first"}');
  await body.fill('{"text": "second"');
  await expect(page.getByText('Error in JSON format', { exact: true })).toBeVisible();
  await submit(page);
  await expect(body).toBeFocused();
  await page.waitForTimeout(500);
  expect(sent).toEqual([]);
  await expect(responsePanel(page).getByText('Response is undefined.', { exact: true })).toBeVisible();

  await body.fill('{"text": "second"}');
  await submit(page);
  await expectStatus(page, '201', 'Created');
  expect(sent).toEqual(['POST {"text":"second"}']);
});

test('the header title counts enabled headers; typing in the last row appends an empty disabled one', async ({
  page,
}) => {
  await page.getByLabel('Header 2 name').fill('X-Spotter-Set');
  await expect(page.getByRole('heading', { name: 'Headers (2)', exact: true })).toBeVisible();
  await expect(page.getByLabel('Use header 2')).toBeChecked();
  await expect(page.getByLabel('Header 3 name')).toHaveValue('');
  await expect(page.getByLabel('Use header 3')).not.toBeChecked();
  await page.getByLabel('Header 2 value').fill('5x5');
  await expect(page.getByLabel('Header 4 name')).toHaveCount(0);

  await page.getByLabel('Use header 1').uncheck();
  await expect(page.getByRole('heading', { name: 'Headers (1)', exact: true })).toBeVisible();
  await page.getByLabel('Header 3 value').fill('not sent');
  await page.getByLabel('Use header 3').uncheck();
  await expect(page.getByRole('heading', { name: 'Headers (1)', exact: true })).toBeVisible();
  await expect(page.getByLabel('Header 4 name')).toBeVisible();

  // Only the ticked rows go out.
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/test-todos'));
  await submit(page);
  const headers = (await sent).headers();
  expect(headers['x-spotter-set']).toBe('5x5');
  expect(headers.accept).not.toBe('*/*');
  await expectStatus(page, '200', 'OK');
});

test("an invalid or empty JSON body says 'Error in JSON format' under the box", async ({ page }) => {
  const body = page.getByLabel('Body (JSON)');
  await expect(page.getByText('Error in JSON format', { exact: true })).toHaveCount(0);
  await body.fill('{"text": ');
  await expect(page.getByText('Error in JSON format', { exact: true })).toBeVisible();
  await expect(body).toHaveAttribute('aria-invalid', 'true');
  await body.fill('{"text": "squat"}');
  await expect(page.getByText('Error in JSON format', { exact: true })).toHaveCount(0);
  await body.fill('');
  await expect(page.getByText('Error in JSON format', { exact: true })).toBeVisible();
});

test('POST a todo with a JSON body, find it in the list, DELETE it, then a 404 for the gone todo', async ({ page }) => {
  const text = `Deadlift 180 kg ${Date.now()}`;
  await useGuestToken(page);
  await page.getByLabel('Method').selectOption('POST');
  await page.getByLabel('Body (JSON)').fill(JSON.stringify({ text }));
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/test-todos') && r.method() === 'POST');
  await submit(page);
  const request = await sent;
  expect(request.postDataJSON()).toEqual({ text });
  expect(request.headers()['content-type']).toBe('application/json');
  await expectStatus(page, '201', 'Created');
  await expect(tree(page)).toContainText(text);
  const id = /_id\s*:\s*"([0-9a-f-]{36})"/.exec(await tree(page).innerText())?.[1];
  expect(id).toBeTruthy();

  await page.getByLabel('Method').selectOption('GET');
  await submit(page);
  await expectStatus(page, '200', 'OK');
  await expect(tree(page)).toContainText(text);

  await page.getByLabel('Method').selectOption('DELETE');
  await page.getByPlaceholder('Enter your endpoint').fill(`/api/test-todos/${id}`);
  await submit(page);
  await expectStatus(page, '200', 'OK');
  await expect(tree(page)).toContainText('todos');
  await expect(tree(page)).not.toContainText(text);

  // The same DELETE again: the failed request's response is shown too.
  await submit(page);
  await expectStatus(page, '404', 'Not Found');
  await expect(responsePanel(page).getByText('Request failed with status code 404', { exact: true })).toBeVisible();
  await expect(tree(page)).toContainText('Todo not found');
});

test('a 404 of an unknown endpoint and a 400 of a bad body are shown with their answers', async ({ page }) => {
  await page.getByPlaceholder('Enter your endpoint').fill('/api/no-such-thing');
  await submit(page);
  await expectStatus(page, '404', 'Not Found');
  await expect(page.getByText('Request failed with status code 404', { exact: true })).toBeVisible();
  await expect(tree(page)).toContainText('errors');

  await page.getByPlaceholder('Enter your endpoint').fill('/api/test-todos');
  await useGuestToken(page);
  await page.getByLabel('Method').selectOption('POST');
  await submit(page);
  await expectStatus(page, '400', 'Bad Request');
  await expect(page.getByText('Request failed with status code 400', { exact: true })).toBeVisible();
  await expect(tree(page)).toContainText('errors');
});

test('long arrays in the answer are grouped by 100 items', async ({ page }) => {
  const items = Array.from({ length: 250 }, (_, i) => `set ${i}`);
  await page.route('**/api/long-list', (route) => route.fulfill({ status: 200, json: { items } }));
  await page.getByPlaceholder('Enter your endpoint').fill('/api/long-list');
  await submit(page);
  await expectStatus(page, '200', 'OK');
  for (const range of ['0 - 99', '100 - 199', '200 - 249']) {
    await expect(tree(page).getByText(range, { exact: true })).toBeVisible();
  }
  await expect(tree(page)).not.toContainText('set 0');
  await tree(page).getByText('0 - 99', { exact: true }).click();
  await expect(tree(page)).toContainText('set 0');
  await expect(tree(page)).toContainText('set 99');
  await expect(tree(page)).not.toContainText('set 100');
});

test('a request that gets no answer shows the network error and no response', async ({ page }) => {
  await page.route('**/api/test-todos', (route) => route.abort('connectionrefused'));
  await submit(page);
  await expect(page.getByText('Network Error', { exact: true })).toBeVisible();
  await expect(responsePanel(page).getByText('Response is undefined.', { exact: true })).toBeVisible();
});

test('a header name the browser cannot send is refused with its reason, and nothing is sent', async ({ page }) => {
  let sent = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/')) sent += 1;
  });
  await page.getByLabel('Header 2 name').fill('Bad Header');
  await submit(page);
  await expect(responsePanel(page).getByRole('alert')).toContainText(/invalid/i);
  await expect(responsePanel(page).getByText('Response is undefined.', { exact: true })).toBeVisible();
  expect(sent).toBe(0);
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

test('a signed-in person can use it too, and its brand link leads to the feed without ending the session', async ({
  page,
  signInAsGuest,
}) => {
  await signInAsGuest();
  await page.goto('/test');
  await submit(page);
  await expectStatus(page, '200', 'OK');
  await page.getByRole('link', { name: 'Spotter' }).click();
  await expect(page).toHaveURL(/\/landing$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
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
