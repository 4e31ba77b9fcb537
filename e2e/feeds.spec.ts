import type { Page } from '@playwright/test';
import { expectNoSeriousViolationsLightAndDark } from './support/axe';
import { expect, test } from './support/fixtures';

const cardTexts = (page: Page) => page.getByTestId('post-card').locator('.post-card__content').allTextContents();

test('home shows one’s own posts and those of followed people only; explore shows everyone’s, newest first', async ({
  page,
  api,
  signUp,
}) => {
  const me = await signUp('homer');
  const followed = await api.signUp('followed');
  const stranger = await api.signUp('stranger');
  await api.createPost(followed.token, { content: 'Followed: deadlift PR' });
  await api.createPost(stranger.token, { content: 'Stranger: rest day' });
  await api.createPost(me.token, { content: 'Me: first session' });

  await page.goto('/landing');
  await expect(page.getByTestId('post-card')).toHaveCount(1);
  expect(await cardTexts(page)).toEqual(['Me: first session']);

  await api.follow(me.token, followed.user._id);
  await page.reload();
  await expect(page.getByTestId('post-card')).toHaveCount(2);
  expect(await cardTexts(page)).toEqual(['Me: first session', 'Followed: deadlift PR']);

  await page.goto('/explore');
  await expect(page.getByRole('heading', { name: 'Explore' })).toBeVisible();
  await expect(page.getByTestId('post-card').first()).toContainText('Me: first session');
  const explore = await cardTexts(page);
  expect(explore.indexOf('Me: first session')).toBeLessThan(explore.indexOf('Stranger: rest day'));
  expect(explore.indexOf('Stranger: rest day')).toBeLessThan(explore.indexOf('Followed: deadlift PR'));
});

test('Latest and Trending filters order the home feed; no filter is newest first; posting resets the filter', async ({
  page,
  api,
  signUp,
}) => {
  const me = await signUp('sorter');
  const fan = await api.signUp('fan');
  const older = await api.createPost(me.token, { content: 'Older but loved' });
  await api.createPost(me.token, { content: 'Newer, no likes' });
  await api.like(fan.token, older._id);

  await page.goto('/landing');
  const latest = page.getByRole('button', { name: 'Latest' });
  const trending = page.getByRole('button', { name: 'Trending' });
  await expect(latest).toHaveAttribute('aria-pressed', 'false');
  await expect(trending).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('post-card')).toHaveCount(2);
  expect(await cardTexts(page)).toEqual(['Newer, no likes', 'Older but loved']);

  await trending.click();
  await expect(trending).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('post-card').first()).toContainText('Older but loved');
  expect(await cardTexts(page)).toEqual(['Older but loved', 'Newer, no likes']);

  await latest.click();
  await expect(latest).toHaveAttribute('aria-pressed', 'true');
  await expect(trending).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('post-card').first()).toContainText('Newer, no likes');

  // Pressing the active filter again turns it off.
  await latest.click();
  await expect(latest).toHaveAttribute('aria-pressed', 'false');

  await trending.click();
  await expect(page.getByTestId('post-card').first()).toContainText('Older but loved');
  await page.getByPlaceholder("What's happening!").fill('Newest of all');
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(trending).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('post-card').first()).toContainText('Newest of all');
  expect(await cardTexts(page)).toEqual(['Newest of all', 'Newer, no likes', 'Older but loved']);
});

test('the feed asks the server for pages, never for every post', async ({ page, signUp }) => {
  await signUp('pager');
  const calls: URL[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) calls.push(url);
  });
  await page.goto('/explore');
  await expect(page.getByTestId('post-card').first()).toBeVisible();
  await page.goto('/landing');
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  const lists = calls.filter((u) => u.pathname === '/api/posts' || u.pathname === '/api/feed');
  expect(lists.length).toBeGreaterThan(0);
  for (const url of lists) expect(Number(url.searchParams.get('limit'))).toBeGreaterThan(0);
  expect(calls.some((u) => u.pathname === '/api/users')).toBe(false);
});

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a followed person’s new posts raise "N new posts" without moving the post being read; pressing it shows them first; a long handle stays on one line, cut with an ellipsis', async ({
    page,
    api,
    signUp,
  }) => {
    test.setTimeout(120_000);
    const reader = await signUp('pillreader');
    // Wide letters: the handle must overflow whatever the time-based suffix's letters are (and stay
    // within 30 characters with a suffix of up to 13).
    const author = await api.signUp('kettlebellWWMWMWW');
    await api.follow(reader.token, author.user._id);
    // One after another: the newest must be the last (createPosts sends a few at once, in any order).
    for (let i = 1; i <= 8; i++) await api.createPost(author.token, { content: `Earlier set ${i}` });
    await page.goto('/landing');
    await expect(page.getByTestId('post-card').first()).toContainText('Earlier set 8');

    // Reading further down: the card under the reader's eye. The scroll is repeated until it holds:
    // made while the page was still growing (the next page loads as one scrolls), it could stop short.
    const reading = page.getByTestId('post-card').filter({ hasText: 'Earlier set 5' });
    await expect(async () => {
      await page.evaluate(() => window.scrollTo(0, 900));
      await expect(reading).toBeInViewport({ timeout: 1_000 });
    }).toPass();
    // Where it rests once the list has measured the cards around it (a scroll lays out the cards it
    // brings in over the next frames): what the new posts must then leave unmoved.
    let before = await reading.boundingBox();
    await expect(async () => {
      const settled = before;
      await page.waitForTimeout(200);
      before = await reading.boundingBox();
      expect(before?.y).toBe(settled?.y);
    }).toPass();

    const feedCalls: URL[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/feed') feedCalls.push(url);
    });
    await api.createPost(author.token, { content: 'Fresh set A' });
    await api.createPost(author.token, { content: 'Fresh set B' });
    const pill = page.getByRole('button', { name: '2 new posts' });
    await expect(pill).toBeVisible();
    // It floats under the top bar, at the top of the screen, and took no room from the feed.
    const bar = await page.locator('.top-bar').boundingBox();
    const pillBox = await pill.boundingBox();
    expect(pillBox && bar && pillBox.y >= bar.y + bar.height).toBe(true);
    expect(pillBox && pillBox.y < 200).toBe(true);
    expect((await reading.boundingBox())?.y).toBe(before?.y);
    expect(feedCalls).toHaveLength(0);
    await expectNoSeriousViolationsLightAndDark(page, 'home with new posts');

    await pill.click();
    const first = page.getByTestId('post-card').first();
    await expect(first).toContainText('Fresh set B');
    await expect(first).toBeInViewport();
    await expect(page.getByTestId('post-card').nth(1)).toContainText('Fresh set A');
    await expect(pill).toBeHidden();
    // One call brought them; the pages read before were kept, not loaded again.
    expect(feedCalls).toHaveLength(1);
    await page.evaluate(() => window.scrollBy(0, 900));
    await expect(page.getByTestId('post-card').filter({ hasText: 'Earlier set 5' })).toBeVisible();

    // The author's handle is longer than a card's header or their profile's header has room for: one
    // line ending in an ellipsis, whole on hover, never broken inside the word.
    const oneLine = (el: Element) => ({
      lines: Math.round(el.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(el).lineHeight)),
      cut: el.scrollWidth > el.clientWidth,
      title: el.getAttribute('title'),
    });
    const whole = { lines: 1, cut: true, title: `@${author.username}` };
    await expect.poll(() => first.locator('.user-link__handle').evaluate(oneLine)).toEqual(whole);
    await first.locator('.user-link').click();
    await expect(page).toHaveURL(`/profilepage/${author.username}`);
    // Polled: the header lays out again when the profile's buttons arrive.
    await expect.poll(() => page.locator('.profile-header__handle').evaluate(oneLine)).toEqual(whole);
  });
});
