import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { postWithFourPhotos } from './support/photos';
import { settled } from './support/settled';

/**
 * The README's pictures of the main screens, made from the real app at desktop (1280 px) and phone
 * (390 px) width: docs/screenshots/<width>-<screen>.png. `npm run screenshots` refreshes them
 * (playwright.screenshots.config.ts); `npm test` does not run this file.
 *
 * They run apart from the journeys, so each worker's server holds its freshly seeded database and
 * nothing else (issue 18, item 16): no account or post a journey made is in the README.
 */
const dir = 'docs/screenshots';

async function settle(page: Page) {
  await settled(page);
  await page.evaluate(() => document.fonts.ready);
  // Images inside the viewport have loaded and decoded (avatars, post photos); lazy ones out of view
  // never will. `complete` alone is also true of an image the browser has not painted yet.
  await page.waitForFunction(() =>
    Array.from(document.images)
      .filter((img) => {
        const box = img.getBoundingClientRect();
        return box.width > 0 && box.bottom > 0 && box.top < window.innerHeight;
      })
      .every((img) => img.complete && img.naturalWidth > 0),
  );
  await expect(page.locator('.Toastify__toast')).toHaveCount(0, { timeout: 10_000 });
  await expect(page.locator('.spinner')).toHaveCount(0);
}

const fourPhotoPost = 'Four frames from this morning: plate, bar, bell and the track after. #legday';

/**
 * The Home pictures show a post with four photos (issue 47): the guest's, made once per worker's
 * server (its tests share it), before the first picture of Home.
 */
async function withFourPhotoPost(page: Page, guest: { token: string }) {
  const mine = await page.request.get('/api/posts/user/guest', {
    params: { limit: 20 },
    headers: { authorization: guest.token },
  });
  const posts = (await mine.json()).posts as { content: string }[];
  if (!posts.some((p) => p.content === fourPhotoPost)) await postWithFourPhotos(page, guest, fourPhotoPost);
}

async function shoot(page: Page, name: string) {
  await settle(page);
  await page.screenshot({ path: `${dir}/${name}.png`, animations: 'disabled' });
}

const widths = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, mobile: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, mobile: true },
] as const;

for (const { name, viewport, mobile } of widths) {
  test.describe(`${name} screenshots`, () => {
    test.use({ viewport, isMobile: mobile, hasTouch: mobile, deviceScaleFactor: 1 });

    test('anonymous screens', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('button', { name: 'Login as Guest' })).toBeVisible();
      await shoot(page, `${name}-login`);
      await page.goto('/signup');
      await expect(page.getByRole('button', { name: 'Sign Up' })).toBeVisible();
      await shoot(page, `${name}-signup`);
    });

    test('signed-in screens', async ({ page, signInAsGuest }) => {
      await withFourPhotoPost(page, await signInAsGuest());
      await page.goto('/landing');
      await expect(page.getByRole('list', { name: '4 photos' }).first()).toBeVisible();
      await shoot(page, `${name}-home`);
      await page.goto('/explore');
      await expect(page.locator('#main')).not.toBeEmpty();
      // Only the demo network: no account a journey made ("Test Lifter") on this server.
      await expect(page.getByTestId('post-card').first()).toBeVisible();
      await expect(page.locator('body')).not.toContainText('Test Lifter');
      await shoot(page, `${name}-explore`);
      await page.goto('/profilepage/maya_lifts');
      await expect(page.getByRole('heading', { name: 'Maya Okafor' })).toBeVisible();
      await shoot(page, `${name}-profile`);
      await page.goto('/profilepage/guest');
      await page.getByRole('button', { name: 'Edit Profile' }).click();
      await expect(page.getByRole('dialog', { name: 'Edit Profile' })).toBeVisible();
      await shoot(page, `${name}-edit-profile`);
    });

    test('conversation screens', async ({ page, signInAsGuest }) => {
      await signInAsGuest();
      const mine = await page.request.get('/api/posts/user/guest', { params: { limit: 20 } });
      const posts = (await mine.json()).posts as { _id: string; content: string }[];
      const first = posts.find((p) => p.content.startsWith('First week back'));
      await page.goto(`/postpage/${first?._id}`);
      await expect(page.getByTestId('comment')).toHaveCount(3);
      await shoot(page, `${name}-thread`);
      await page.goto('/notifications');
      await expect(page.getByTestId('notification').first()).toBeVisible();
      await shoot(page, `${name}-notifications`);
    });
  });
}

test.describe('dark mode', () => {
  test.use({ colorScheme: 'dark', viewport: { width: 1280, height: 800 } });

  test('home feed in dark mode', async ({ page, signInAsGuest }) => {
    await withFourPhotoPost(page, await signInAsGuest());
    await page.goto('/landing');
    await expect(page.getByRole('list', { name: '4 photos' }).first()).toBeVisible();
    await shoot(page, 'desktop-home-dark');
  });
});

/** The request tester, at the README's widths; the answer's headers (a date) start folded. */
for (const shot of [
  { name: 'request-tester-desktop', width: 1280, height: 800, colorScheme: 'light' },
  { name: 'request-tester-phone', width: 390, height: 844, colorScheme: 'dark' },
] as const) {
  test.describe(shot.name, () => {
    test.use({ colorScheme: shot.colorScheme, viewport: { width: shot.width, height: shot.height } });

    test(`screenshot: ${shot.name}`, async ({ page }) => {
      await page.goto('/test');
      await page.getByLabel('Header 2 name').fill('X-Spotter-Set');
      await page.getByLabel('Header 2 value').fill('5x5');
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      await expect(page.getByTestId('response-status')).toHaveText('200');
      // The headers start folded: the picture shows the answer's body.
      const tree = page.locator('.tester-tree');
      await expect(tree).toContainText('todos');
      await expect(tree).not.toContainText('content-type');
      await page.mouse.move(0, 0);
      await page.screenshot({ path: `${dir}/${shot.name}.png`, fullPage: true, animations: 'disabled' });
    });
  });
}
