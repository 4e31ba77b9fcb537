import { routes } from '@spotter/contract';
import { expectNoSeriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';

/** Issue 16: post visibility and blocks, as people see them. Every person is made for this journey. */

test('a followers-only post is visible to a follower and not found for a stranger', async ({ page, api, signIn }) => {
  const author = await api.signUp('vis_author');
  const fan = await api.signUp('vis_fan');
  const stranger = await api.signUp('vis_stranger');
  await api.follow(fan.token, author.user._id);
  const { post } = (await api.call(routes.createPost, {
    token: author.token,
    body: { postData: { content: 'Followers-only deadlift PR', visibility: 'followers' } },
  })) as { post: { _id: string } };

  await signIn(fan);
  await page.goto(`/postpage/${post._id}`);
  const card = page.getByTestId('post-card');
  await expect(card).toContainText('Followers-only deadlift PR');
  await expect(card.getByTestId('visibility-badge')).toHaveAttribute('title', 'Only followers can see this post');

  await signIn(stranger);
  await page.goto(`/postpage/${post._id}`);
  await expect(page.getByRole('alert')).toContainText('This post does not exist.');
  await page.goto(`/profilepage/${author.username}`);
  await expect(page.locator('.profile-header__handle')).toHaveText(`@${author.username}`);
  await expect(page.getByText('Followers-only deadlift PR')).toHaveCount(0);
});

test('a block from the post menu hides both ways; Settings → Blocked and muted undoes it', async ({
  page,
  api,
  signIn,
}) => {
  // Two axe runs: past a minute on a loaded machine.
  test.setTimeout(180_000);
  const me = await api.signUp('blk_me');
  const pest = await api.signUp('blk_pest');
  await api.follow(me.token, pest.user._id);
  await api.follow(pest.token, me.user._id);
  await api.createPost(pest.token, { content: 'A post by the pest' });
  await api.createPost(me.token, { content: 'A post by me' });

  await signIn(me);
  await page.goto(`/profilepage/${pest.username}`);
  const card = page.getByTestId('post-card').filter({ hasText: 'A post by the pest' });
  await card.getByRole('button', { name: `Options for @${pest.username}'s post` }).click();
  await page.getByRole('menuitem', { name: `Block @${pest.username}` }).click();
  const dialog = page.getByRole('dialog', { name: `Block @${pest.username}?` });
  await expect(dialog).toBeVisible();
  await expectNoSeriousViolations(page, 'block dialog (light)');
  await dialog.getByRole('button', { name: 'Block' }).click();
  await expect(dialog).toHaveCount(0);

  // Gone for me: the profile is not found, the home feed has none of theirs.
  await page.goto(`/profilepage/${pest.username}`);
  await expect(page.getByRole('alert')).toContainText('No such athlete');
  await page.goto('/landing');
  await expect(page.getByText('A post by me')).toBeVisible();
  await expect(page.getByText('A post by the pest')).toHaveCount(0);

  // And I am gone for them.
  await signIn(pest);
  await page.goto(`/profilepage/${me.username}`);
  await expect(page.getByRole('alert')).toContainText('No such athlete');

  // The list of blocks undoes it.
  await signIn(me);
  await page.goto('/settings/blocked');
  await expect(page).toHaveTitle('Blocked and muted · Spotter');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoSeriousViolations(page, 'blocked and muted (dark)');
  await page
    .getByTestId('block-list')
    .getByRole('button', { name: `Unblock @${pest.username}` })
    .click();
  await expect(page.getByText('You have not blocked anyone.')).toBeVisible();
  await page.goto(`/profilepage/${pest.username}`);
  await expect(page.getByText('A post by the pest')).toBeVisible();
});
