import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

const widths = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

/** Scrolls down a feed, page by page, until the window is at least `target` px down. */
async function scrollDown(page: Page, target: number) {
  for (let step = 0; step < 60; step++) {
    const y = await page.evaluate(() => window.scrollY);
    if (y >= target) return y;
    await page.mouse.wheel(0, 700);
    await page.waitForFunction(() => new Promise((resolve) => requestAnimationFrame(() => resolve(true))));
  }
  throw new Error(`the feed never scrolled to ${target} px`);
}

/** Opens a post in view, comes Back, and says how far the window ended from where it was. */
async function backDrift(page: Page, path: string, target: number) {
  await page.goto(path);
  await expect(page.getByTestId('post-card').first()).toBeVisible();
  await scrollDown(page, target);
  // Let the list settle (a page arriving, cards measured) before noting where the person is.
  await page.waitForTimeout(300);
  const before = await page.evaluate(() => window.scrollY);
  const inView = page.getByTestId('post-card').filter({ has: page.locator('time') });
  let opened = false;
  for (const card of await inView.all()) {
    const box = await card.boundingBox();
    if (box && box.y > 80 && box.y < 500) {
      await card.locator('.post-card__date').click();
      opened = true;
      break;
    }
  }
  expect(opened).toBe(true);
  await expect(page).toHaveURL(/\/postpage\//);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(50);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByTestId('post-card').first()).toBeVisible();
  await expect.poll(async () => Math.abs((await page.evaluate(() => window.scrollY)) - before)).toBeLessThanOrEqual(50);
}

for (const { name, viewport } of widths) {
  test(`Back from a post returns to the same place in Home, Explore and a profile (${name})`, async ({
    page,
    api,
    signUp,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    const me = await signUp('scrollback');
    await api.createPosts(
      me.token,
      Array.from({ length: 60 }, (_, i) => `Session ${i + 1}: squats, rows and a long walk home`),
    );
    await backDrift(page, '/landing', 4000);
    await backDrift(page, '/explore', 4000);
    await backDrift(page, `/profilepage/${me.username}`, 3000);
  });
}
