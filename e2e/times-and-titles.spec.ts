import { expect, test } from './support/fixtures';

test('a fresh post says how long ago it was made, with the exact day and time on hover', async ({
  page,
  api,
  signUp,
}) => {
  const me = await signUp('clock');
  const post = await api.createPost(me.token, { content: 'Made a moment ago' });
  await page.goto('/landing');
  const time = page.getByTestId('post-card').filter({ hasText: 'Made a moment ago' }).locator('time');
  await expect(time).toHaveText(/^(now|\d+ min)$/);
  await expect(time).toHaveAttribute('datetime', post.createdAt);
  const exact = await time.getAttribute('title');
  // The day with its year and the time of day, e.g. "Monday, November 23, 2026 at 9:15 PM".
  expect(exact).toMatch(/\d{4} at \d{1,2}:\d{2}/);
  await time.hover();
  // An old seeded post shows its day instead.
  await page.goto('/profilepage/maya_lifts');
  await expect(page.getByTestId('post-card').first().locator('time')).toHaveText(
    /^([A-Z][a-z]{2} \d{1,2}(, \d{4})?|\d+ (d|h|min)|now)$/,
  );
});

test('every screen names its tab', async ({ page, api, signUp }) => {
  // Ten screens, each loaded cold: more than a minute on a loaded machine.
  test.setTimeout(150_000);
  for (const [path, title] of [
    ['/', 'Log in · Spotter'],
    ['/signup', 'Sign up · Spotter'],
    ['/test', 'Request tester · Spotter'],
    ['/no/such/page', 'Page not found · Spotter'],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
  }
  const me = await signUp('titled');
  const post = await api.createPost(me.token, { content: 'A post with its own title' });
  for (const [path, title] of [
    ['/landing', 'Home · Spotter'],
    ['/explore', 'Explore · Spotter'],
    ['/bookmark', 'Bookmarks · Spotter'],
    ['/likepage', 'Liked posts · Spotter'],
    ['/profilepage/maya_lifts', 'Maya Okafor (@maya_lifts) · Spotter'],
    [`/postpage/${post._id}`, `Post by @${me.username} · Spotter`],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
  }
});
