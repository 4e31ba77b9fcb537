import type { Page } from '@playwright/test';
import { routes } from '@spotter/contract';
import { expect, test } from './support/fixtures';
import { postWithPhoto } from './support/photos';
import { toast } from './support/toasts';

/**
 * Issue 18's first five minutes, the rest: suggestions on an empty home feed (7), posts opened by
 * their text and photo, a full-size photo, Back and Copy link (11), search before the feed by
 * keyboard (12), the edited mark (14), long posts, links and toasts (15).
 */
const card = (page: Page, text: string) => page.getByTestId('post-card').filter({ hasText: text });

for (const [width, height, device] of [
  [1280, 900, 'desktop'],
  [390, 844, 'phone'],
] as const) {
  test.describe(`${device} (${width} px)`, () => {
    test.use({ viewport: { width, height } });

    test('a new member finds people to follow on the empty home feed, and their posts arrive', async ({
      page,
      signUp,
    }) => {
      await signUp('newbie');
      await page.goto('/landing');
      const main = page.locator('#main');
      await expect(main.getByText('Your feed is empty')).toBeVisible();
      const people = main.getByRole('region', { name: 'People to follow' });
      await expect(people).toBeVisible();
      const first = people.getByRole('listitem').first();
      const handle = (await first.locator('.user-link__handle').textContent()) ?? '';
      await first.getByRole('button', { name: '+ Follow' }).click();
      await expect(page.getByTestId('post-card').first()).toBeVisible();
      await expect(page.getByTestId('post-card').first()).toContainText(handle);
    });

    test('suggested names are shown whole, not cut short', async ({ page, signUp }) => {
      await signUp('reader');
      await page.goto('/landing');
      const names = page.locator('.suggestions .user-link__name');
      await expect(names.first()).toBeVisible();
      for (const name of await names.all()) {
        // Nothing hidden: the text fits the box it is in.
        expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
      }
    });

    test('by keyboard, the second Tab stop reaches people search before the feed', async ({ page, signUp }) => {
      await signUp('keys');
      for (const path of ['/explore', '/landing']) {
        await page.goto(path);
        await expect(page.locator('#main h1')).toBeVisible();
        await page.keyboard.press('Tab');
        await page.keyboard.press('Tab');
        await expect(page.getByRole('button', { name: 'Skip to search people' })).toBeFocused();
        await page.keyboard.press('Enter');
        const search =
          device === 'desktop'
            ? page.getByRole('complementary', { name: 'People' }).getByPlaceholder('Search users...')
            : page.getByRole('dialog', { name: 'People' }).getByPlaceholder('Search users...');
        await expect(search).toBeFocused();
        await page.keyboard.type('maya');
        await expect(page.getByRole('link', { name: /@maya_lifts/ }).first()).toBeVisible();
      }
    });

    test('text and photo open the post; the photo opens full size; Back and Copy link', async ({
      page,
      context,
      api,
      signUp,
    }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const me = await signUp('opener');
      const post = await postWithPhoto(page, api, me, 'Bench day, tap me');
      await page.goto(`/profilepage/${me.username}`);
      await card(page, 'Bench day, tap me').getByText('Bench day, tap me').click();
      await expect(page).toHaveURL(`/postpage/${post._id}`);
      await page.getByRole('button', { name: '← Back' }).click();
      await expect(page).toHaveURL(`/profilepage/${me.username}`);
      await card(page, 'Bench day, tap me')
        .getByRole('img', { name: `Photo by @${me.username}` })
        .click();
      await expect(page).toHaveURL(`/postpage/${post._id}`);

      // Full size, closed by Escape, focus back on the photo.
      const photoButton = page.getByRole('button', { name: /open full size/ });
      await photoButton.focus();
      await page.keyboard.press('Enter');
      const viewer = page.getByRole('dialog', { name: 'Photo, full size' });
      await expect(viewer).toBeVisible();
      await expect(viewer.getByRole('button', { name: 'Close' })).toBeFocused();
      const shown = await viewer.getByRole('img').boundingBox();
      expect(shown?.width ?? 0).toBeGreaterThan(Math.min(width - 64, 700));
      await page.keyboard.press('Escape');
      await expect(viewer).toBeHidden();
      await expect(photoButton).toBeFocused();

      await page.getByRole('button', { name: 'Copy link' }).click();
      const copied = toast(page, 'Link copied');
      await expect(copied).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        new URL(`/postpage/${post._id}`, page.url()).href,
      );
      // The toast covers neither the phone's top bar nor the desktop's people search.
      const toastBox = await copied.boundingBox();
      const covered =
        device === 'desktop'
          ? page.getByRole('complementary', { name: 'People' }).getByPlaceholder('Search users...')
          : page.locator('.top-bar');
      const coveredBox = await covered.boundingBox();
      expect(toastBox && coveredBox && toastBox.y >= coveredBox.y + coveredBox.height).toBe(true);

      // Opened straight from a link in a new tab, Back leads home.
      const fresh = await context.newPage();
      await fresh.goto(`/postpage/${post._id}`);
      await fresh.getByRole('button', { name: '← Back' }).click();
      await expect(fresh).toHaveURL('/landing');
    });

    test('long posts fold behind Show more; addresses are safe links; edits are marked', async ({
      page,
      api,
      signUp,
    }) => {
      const me = await signUp('writer');
      const long = `Long read. ${'Squat deep, brace hard, drive up. '.repeat(90)}The end.`;
      await api.createPost(me.token, { content: long });
      const hostile = 'Plan: https://example.com/plan?a=1&b=2. <img src=x onerror=alert(1)> javascript:alert(1)';
      const linked = await api.createPost(me.token, { content: hostile });
      await api.call(routes.editPost, {
        token: me.token,
        params: { postId: linked._id },
        body: { postData: { content: `${hostile} (fixed)` } },
      });
      await page.goto(`/profilepage/${me.username}`);

      const longCard = card(page, 'Long read.');
      await expect(longCard.getByText('The end.')).toHaveCount(0);
      const folded = (await longCard.boundingBox())?.height ?? 0;
      expect(folded).toBeLessThan(device === 'desktop' ? 500 : 900);
      await longCard.getByRole('button', { name: 'Show more' }).click();
      await expect(longCard.getByText(/The end\.$/)).toBeVisible();
      await longCard.getByRole('button', { name: 'Show less' }).click();
      await expect(longCard.getByText(/The end\.$/)).toHaveCount(0);

      const linkCard = card(page, '(fixed)');
      const link = linkCard.getByRole('link', { name: 'https://example.com/plan?a=1&b=2' });
      await expect(link).toHaveAttribute('href', 'https://example.com/plan?a=1&b=2');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
      await expect(linkCard).toContainText('<img src=x onerror=alert(1)> javascript:alert(1)');
      await expect(linkCard.locator('.post-card__content img, .post-card__content a[href^="javascript"]')).toHaveCount(
        0,
      );
      await expect(linkCard.getByText('· edited')).toBeVisible();
      await expect(linkCard.locator('.post-card__edited')).toHaveAttribute('title', /^Edited .+\d{4}/);
      await expect(longCard.locator('.post-card__edited')).toHaveCount(0);
      // Following the link leaves the card where it is (a new tab), not opening the post.
      await expect(link).toHaveAttribute('target', '_blank');
    });
  });
}
