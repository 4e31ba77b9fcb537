import { expect, test } from './support/fixtures';

test('the follower and following counts open their lists, a page at a time', async ({ page, api, signUp }) => {
  test.setTimeout(120_000);
  const star = await api.signUp('star');
  // One more follower than a page holds, so the list offers "Show more".
  const fans = [];
  for (let i = 0; i < 21; i += 7) {
    fans.push(...(await Promise.all(Array.from({ length: 7 }, () => api.signUp('fan')))));
  }
  for (const fan of fans) await api.follow(fan.token, star.user._id);
  await api.follow(star.token, fans[0]?.user._id ?? '');
  await signUp('viewer');

  await page.goto(`/profilepage/${star.username}`);
  await page.getByRole('link', { name: '21 followers' }).click();
  await expect(page).toHaveURL(`/profilepage/${star.username}/followers`);
  await expect(page).toHaveTitle(`People following @${star.username} · Spotter`);
  const people = page.locator('.follow-list__people li');
  await expect(people).toHaveCount(20);
  // Most recent follow first.
  await expect(people.first()).toContainText(`@${fans[20]?.username}`);
  await page.getByRole('button', { name: 'Show more' }).click();
  await expect(people).toHaveCount(21);
  await expect(people.last()).toContainText(`@${fans[0]?.username}`);
  await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Following', exact: true }).click();
  await expect(page).toHaveURL(`/profilepage/${star.username}/following`);
  await expect(people).toHaveCount(1);
  await people.first().getByRole('link').click();
  await expect(page).toHaveURL(`/profilepage/${fans[0]?.username}`);
  await page.goBack();
  await page.getByRole('link', { name: `Back to @${star.username}` }).click();
  await expect(page).toHaveURL(`/profilepage/${star.username}`);
  await page.getByRole('link', { name: '1 following' }).click();
  await expect(people).toHaveCount(1);
});

test('an empty list says so, and an unknown person is not found', async ({ page, signUp }) => {
  const me = await signUp('lonely');
  await page.goto(`/profilepage/${me.username}`);
  await page.getByRole('link', { name: '0 followers' }).click();
  await expect(page.getByText(`Nobody follows @${me.username} yet.`)).toBeVisible();
  await page.goto('/profilepage/no_such_person_here/following');
  await expect(page.getByRole('alert')).toContainText('User not found');
});
