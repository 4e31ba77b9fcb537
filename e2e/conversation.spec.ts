import type { Page } from '@playwright/test';
import { routes, sessionKeys } from '@spotter/contract';
import { expectNoSeriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';

/**
 * Issue 14's loop: B comments on A's post mentioning C; A's and C's bells rise without a reload;
 * A opens the notifications and the count clears; a reply thread renders in order; a tag link opens
 * the tag page. The thread and the notifications page are axe clean in light and dark.
 */
const bell = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Notifications/ });

test('a comment with a mention reaches both bells live; notifications clear; replies in order; tag page', async ({
  page,
  browser,
  api,
  signIn,
}) => {
  const a = await api.signUp('conva');
  const b = await api.signUp('convb');
  const c = await api.signUp('convc');
  const tag = `lift${Date.now().toString(36)}`;
  const post = await api.createPost(a.token, { content: `New squat PR #${tag}` });

  await signIn(a);
  await page.goto('/landing');
  await expect(bell(page)).toHaveAccessibleName('Notifications');

  // C watches in a second window.
  const other = await browser.newContext();
  const cPage = await other.newPage();
  await cPage.goto('/test');
  await cPage.evaluate(
    ([keys, values]) => {
      localStorage.setItem(keys.token, values.token);
      localStorage.setItem(keys.username, values.username);
      localStorage.setItem(keys.user, values.user);
    },
    [sessionKeys, { token: c.token, username: c.username, user: JSON.stringify(c.user) }] as const,
  );
  await cPage.goto('/landing');
  await expect(bell(cPage)).toHaveAccessibleName('Notifications');

  await api.call(routes.createComment, {
    token: b.token,
    params: { postId: post._id },
    body: { commentData: { content: `Huge! @${c.username} look at this` } },
  });
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  await expect(bell(cPage)).toHaveAccessibleName('Notifications, 1 unread');
  await other.close();

  await bell(page).click();
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  await expect(page.getByTestId('notification').first()).toContainText('Test Lifter commented on your post');
  await expect(bell(page)).toHaveAccessibleName('Notifications');

  // The thread: A replies to B's comment on the post page; the reply renders under it, in order.
  await page.goto(`/postpage/${post._id}`);
  await expect(page.getByTestId('comment')).toHaveCount(1);
  await expect(page.getByTestId('comment-count').first()).toHaveText('1 comment');
  await page.getByRole('button', { name: 'Reply' }).click();
  await page.getByLabel(/^Reply to/).fill('Thanks, first reply');
  await page.getByRole('button', { name: 'Reply', exact: true }).last().click();
  await expect(page.getByTestId('comment')).toHaveCount(2);
  await page.getByLabel('Add a comment').fill(`Second top-level #${tag}`);
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(page.getByTestId('comment')).toHaveCount(3);
  await expect(page.getByTestId('comment')).toContainText([
    `Huge! @${c.username} look at this`,
    'Thanks, first reply',
    `Second top-level #${tag}`,
  ]);
  await expect(page.getByTestId('comment-count').first()).toHaveText('3 comments');
  await expect(page.getByRole('link', { name: `@${c.username}` })).toHaveAttribute(
    'href',
    `/profilepage/${c.username}`,
  );

  // A hashtag link opens its page.
  await page
    .getByTestId('post-card')
    .getByRole('link', { name: `#${tag}` })
    .click();
  await expect(page).toHaveURL(`/tags/${tag}`);
  await expect(page.getByRole('heading', { name: `#${tag}`, level: 1 })).toBeVisible();
  await expect(page.getByTestId('post-card')).toHaveCount(1);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the thread and the notifications are axe clean (${colorScheme})`, async ({ page, api, signIn }) => {
    // Two screens, each axe-checked: seconds each on a loaded machine.
    test.slow();
    await page.emulateMedia({ colorScheme });
    const a = await api.signUp('axea');
    const b = await api.signUp('axeb');
    const post = await api.createPost(a.token, { content: 'Axe me #a11y' });
    const top = (await api.call(routes.createComment, {
      token: b.token,
      params: { postId: post._id },
      body: { commentData: { content: `Nice @${a.username} #a11y` } },
    })) as { comment: { _id: string } };
    await api.call(routes.createComment, {
      token: a.token,
      params: { postId: post._id },
      body: { commentData: { content: 'Thanks', replyTo: top.comment._id } },
    });
    await api.like(b.token, post._id);
    await signIn(a);
    await page.goto(`/postpage/${post._id}`);
    await expect(page.getByTestId('comment')).toHaveCount(2);
    await expectNoSeriousViolations(page, 'thread');
    await page.goto('/notifications');
    await expect(page.getByTestId('notification').first()).toBeVisible();
    // Opened directly, the page has its own layout (the feed pages' column).
    await expect(page.locator('.feed-page')).toHaveCSS('max-width', '640px');
    await expectNoSeriousViolations(page, 'notifications');
  });
}
