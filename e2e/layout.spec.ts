import { uiMessages } from '@spotter/contract';
import { expectNoSeriousViolationsLightAndDark } from './support/axe';
import { expect, test } from './support/fixtures';

/**
 * The signed-in frame as media queries lay it out at desktop and phone width, and a screen whose code
 * fails to load. Its DOM and ARIA facts (the entries and where they lead, the composer and people
 * dialogs) are a jsdom test: apps/web/src/app/layout/app-layout.test.tsx (docs/testing.md).
 */

test.describe('desktop layout (1280 px)', () => {
  test('left navigation, right sidebar and footer around the page', async ({ page, signUp }) => {
    const { user } = await signUp('layout');
    await page.goto('/landing');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'Explore', 'Liked posts', 'Bookmarks', 'Profile']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'New Post' })).toBeVisible();
    const me = page.locator('.side-nav__me');
    await expect(me).toContainText('Test Lifter');
    await expect(me).toContainText(`@${user.username}`);
    await expect(me.locator('img')).toHaveAttribute('src', user.avatarUrl);

    const people = page.getByRole('complementary', { name: 'People' });
    await expect(people.getByPlaceholder('Search users...')).toBeVisible();
    await expect(people.getByRole('heading', { name: 'You might Like' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    // Phone-only pieces stay out of the way.
    await expect(page.getByRole('navigation', { name: 'Tabs' })).toBeHidden();
  });

  test("'+ Follow' on a suggestion follows at once; the person leaves the list", async ({ page, signUp }) => {
    await signUp('follower');
    await page.goto('/explore');
    const people = page.getByRole('complementary', { name: 'People' });
    const first = people.locator('.suggestions__item').first();
    await expect(first).toBeVisible();
    const handle = (await first.locator('.user-link__handle').textContent())?.slice(1) ?? '';
    expect(handle).not.toBe('');
    await first.getByRole('button', { name: '+ Follow' }).click();
    await expect(people.getByRole('link', { name: new RegExp(`@${handle}$`) })).toHaveCount(0);
    await page.goto(`/profilepage/${handle}`);
    await expect(page.getByRole('button', { name: 'Following' })).toBeVisible();
  });
});

test.describe('phone layout (360 px)', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('a bottom tab bar replaces the side columns, and nothing overflows sideways', async ({ page, signUp }) => {
    const { user } = await signUp('phone');
    await page.goto('/landing');
    const tabs = page.getByRole('navigation', { name: 'Tabs' });
    await expect(tabs).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expect(page.getByRole('complementary', { name: 'People' })).toBeHidden();
    await tabs.getByRole('link', { name: 'Explore' }).click();
    await expect(page).toHaveURL(/\/explore$/);
    await tabs.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(new RegExp(`/profilepage/${user.username}$`));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const box = await tabs.boundingBox();
    expect(box && box.y + box.height).toBeCloseTo(740, 0);
  });

  test('five tabs and More, each label whole down to 320 px; New Post in the top bar; Logout in More, apart from Settings', async ({
    page,
    signUp,
  }) => {
    await signUp('phonepost');
    await page.goto('/explore');
    const tabs = page.getByRole('navigation', { name: 'Tabs' });
    for (const width of [360, 320]) {
      await page.setViewportSize({ width, height: 740 });
      const labels = tabs.locator('li span:not(.bell__count)');
      await expect(labels).toHaveText(['Home', 'Explore', 'Log', 'Alerts', 'Profile', 'More']);
      for (const label of await labels.all()) {
        // Nothing cut: the text fits the box it is in, and each tab is a thumb wide.
        expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
      }
      for (const tab of await tabs.locator('li > *').all()) {
        expect((await tab.boundingBox())?.width).toBeGreaterThanOrEqual(44);
      }
    }
    const topBar = page.getByRole('banner');
    await expect(topBar.getByRole('button', { name: 'Logout' })).toHaveCount(0);
    await topBar.getByRole('button', { name: 'New Post' }).click();
    await expect(page.getByRole('dialog', { name: 'New Post' })).toBeVisible();
    await page.getByRole('button', { name: 'Close' }).click();

    await tabs.getByRole('button', { name: 'More' }).click();
    const more = page.getByRole('dialog', { name: 'More' });
    const settings = more.getByRole('link', { name: 'Settings' });
    const logout = more.getByRole('button', { name: 'Logout' });
    await expect(settings).toBeVisible();
    // Logout is set apart from Settings, beyond a rule: not the next thing under the thumb.
    const [settingsBox, logoutBox] = [await settings.boundingBox(), await logout.boundingBox()];
    expect((logoutBox?.y ?? 0) - ((settingsBox?.y ?? 0) + (settingsBox?.height ?? 0))).toBeGreaterThanOrEqual(16);
    await expectNoSeriousViolationsLightAndDark(page, 'phone More sheet');
    await logout.click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('error screens', () => {
  test('a screen whose code fails to load says so', async ({ page, signUp }) => {
    await signUp('chunk');
    await page.goto('/landing');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await page.route(/\/assets\/explore-[^/]*\.js$/, (route) => route.abort('failed'));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Explore' }).click();
    await expect(page.getByRole('heading', { name: uiMessages.routeError })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('failed to load');
  });
});
