import type { Page } from '@playwright/test';
import { routes, trendingTags } from '@spotter/contract';
import { expectNoSeriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';

/**
 * Issue 14's web app beyond the loop of conversation.spec.ts: @mention suggestions in the comment
 * composer, editing and deleting one's own comment, trending tags in the right sidebar, and the
 * phone tab bar's bell.
 */
const comments = (page: Page) => page.getByTestId('comment');

test('typing @ and a few letters suggests people; the one chosen by keyboard becomes a profile link', async ({
  page,
  api,
  signIn,
}) => {
  const a = await api.signUp('menta');
  const c = await api.signUp('mentc');
  const post = await api.createPost(a.token, { content: 'Deadlift day' });
  await signIn(a);
  await page.goto(`/postpage/${post._id}`);
  await expect(page.getByText('No comments yet. Start the conversation.')).toBeVisible();

  const box = page.getByRole('textbox', { name: 'Add a comment' });
  await box.click();
  // Typed key by key, as a person does: the suggestions follow the name being typed.
  await box.pressSequentially(`Spot me @${c.username.slice(0, 8)}`);
  const suggestions = page.getByRole('listbox', { name: 'Mention someone' });
  const choice = suggestions.getByRole('option', { name: `@${c.username}`, exact: true });
  await expect(choice).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'to mention' })).toContainText('Up and Down to move');
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoSeriousViolations(page, `mention suggestions (${colorScheme})`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(choice).toBeVisible();

  // The keyboard alone, the caret staying in the text: the first suggestion is active, Enter takes it.
  await expect(suggestions.getByRole('option').first()).toHaveAccessibleName(`@${c.username}`);
  await expect(choice).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await choice.getAttribute('id')) ?? '');
  await page.keyboard.press('Enter');
  await expect(box).toBeFocused();
  await expect(box).toHaveValue(`Spot me @${c.username} `);
  await expect(suggestions).toBeHidden();
  await page.keyboard.type('next time');
  await expect(box).toHaveValue(`Spot me @${c.username} next time`);

  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(comments(page)).toHaveCount(1);
  await expect(box).toHaveValue('');
  await expect(comments(page)).toHaveText(new RegExp(`Spot me @${c.username} next time`));
  const mention = comments(page).getByRole('link', { name: `@${c.username}`, exact: true });
  await expect(mention).toHaveAttribute('href', `/profilepage/${c.username}`);
  await mention.click();
  await expect(page).toHaveURL(`/profilepage/${c.username}`);
  await expect(page.getByRole('main').getByRole('heading', { name: 'Test Lifter' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(`@${c.username}`);
});

test('one edits and deletes one’s own comment in the thread; someone else’s offers neither', async ({
  page,
  api,
  signIn,
}) => {
  const a = await api.signUp('edita');
  const b = await api.signUp('editb');
  const post = await api.createPost(b.token, { content: 'Rate my bench setup' });
  await api.call(routes.createComment, {
    token: b.token,
    params: { postId: post._id },
    body: { commentData: { content: 'Be honest' } },
  });
  await signIn(a);
  await page.goto(`/postpage/${post._id}`);
  await expect(comments(page)).toHaveCount(1);

  await page.getByRole('textbox', { name: 'Add a comment' }).fill('Feet look too far back');
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(comments(page)).toHaveCount(2);
  await expect(page.getByTestId('comment-count')).toHaveText('2 comments');

  const theirs = comments(page).filter({ hasText: 'Be honest' });
  const mine = comments(page).filter({ hasText: 'Feet look too far back' });
  await expect(theirs.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(theirs.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  // Edit: the text box opens holding the comment; Save shows the new text in its place.
  await mine.getByRole('button', { name: 'Edit' }).click();
  const editBox = page.getByRole('textbox', { name: 'Edit your comment' });
  await expect(editBox).toHaveValue('Feet look too far back');
  await editBox.fill('Feet look a little too far back, otherwise solid');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(editBox).toBeHidden();
  await expect(comments(page)).toContainText(['Be honest', 'Feet look a little too far back, otherwise solid']);
  await expect(page.getByText('Feet look too far back', { exact: true })).toHaveCount(0);
  await page.reload();
  await expect(comments(page).nth(1)).toContainText('Feet look a little too far back, otherwise solid');

  // Delete (the thread asks no confirmation): the comment is gone, the other stays, the count follows.
  await comments(page).filter({ hasText: 'otherwise solid' }).getByRole('button', { name: 'Delete' }).click();
  await expect(comments(page)).toHaveCount(1);
  await expect(comments(page)).toContainText('Be honest');
  await expect(page.getByText('otherwise solid')).toHaveCount(0);
  await expect(page.getByTestId('comment-count')).toHaveText('1 comment');
  // The focus, whose button went with the comment, is on the thread's title, and a status says why.
  await expect(page.getByRole('heading', { name: 'Comments', level: 2 })).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'Comment deleted' })).toHaveCount(1);
  await page.reload();
  await expect(comments(page)).toHaveCount(1);
  await expect(page.getByText('otherwise solid')).toHaveCount(0);
});

test('a tag posted recently trends in the right sidebar and opens its page', async ({ page, api, signIn }) => {
  const a = await api.signUp('trend');
  const tag = `trend${Date.now().toString(36)}`;
  // Enough posts to rank among the top tags of the week, whatever the seed and earlier journeys posted.
  const { tags } = (await api.call(routes.trendingTags)) as { tags: { tag: string; posts: number }[] };
  const needed = (tags.length < trendingTags.limit ? 0 : (tags.at(-1)?.posts ?? 0)) + 1;
  await api.createPosts(
    a.token,
    Array.from({ length: needed }, (_, i) => `Conditioning block ${i + 1} #${tag}`),
  );

  await signIn(a);
  await page.goto('/landing');
  const sidebar = page.getByRole('complementary', { name: 'People' });
  const trending = sidebar.getByRole('region', { name: 'Trending tags' });
  await expect(trending).toBeVisible();
  const link = trending.getByRole('link', { name: `#${tag}`, exact: true });
  await expect(link).toBeVisible();
  // `has` is matched inside each list item, so it is written from the page, not from `trending`.
  const entry = trending
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: `#${tag}`, exact: true }) });
  await expect(entry).toContainText(needed === 1 ? '1 post' : `${needed} posts`);
  await link.click();
  await expect(page).toHaveURL(`/tags/${tag}`);
  await expect(page.getByRole('heading', { name: `#${tag}`, level: 1 })).toBeVisible();
  await expect(page.getByTestId('post-card').first()).toContainText(`#${tag}`);
});

test.describe('phone (360 px)', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('the tab bar’s bell counts another’s like and comment live; opening it clears the count', async ({
    page,
    api,
    signIn,
  }) => {
    const a = await api.signUp('bella');
    const b = await api.signUp('bellb');
    const post = await api.createPost(a.token, { content: 'Phone bell test' });
    await signIn(a);
    await page.goto('/landing');
    const tabs = page.getByRole('navigation', { name: 'Tabs' });
    await expect(tabs).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const bell = tabs.getByRole('link', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName('Notifications');

    // The other person acts through the API; the bell rises without a reload.
    await api.like(b.token, post._id);
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
    await expect(bell).toContainText('1');
    await api.call(routes.createComment, {
      token: b.token,
      params: { postId: post._id },
      body: { commentData: { content: 'Nice one' } },
    });
    await expect(bell).toHaveAccessibleName('Notifications, 2 unread');
    await expect(bell).toContainText('2');

    await bell.click();
    await expect(page).toHaveURL('/notifications');
    await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
    await expect(page.getByTestId('notification')).toContainText([
      'Test Lifter commented on your post',
      'Test Lifter liked your post',
    ]);
    await expect(bell).toHaveAccessibleName('Notifications');
    await expect(bell).toHaveAttribute('aria-current', 'page');
    await expect(bell).not.toContainText(/\d/);
    // Read stays read: a reload does not bring the count back.
    await page.reload();
    await expect(page.getByTestId('notification')).toHaveCount(2);
    await expect(bell).toHaveAccessibleName('Notifications');
  });
});
