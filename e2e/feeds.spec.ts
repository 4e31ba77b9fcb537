import type { Page } from '@playwright/test';
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
