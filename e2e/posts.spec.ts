import type { Page } from '@playwright/test';
import { uiMessages } from '@spotter/contract';
import { expect, test } from './support/fixtures';

/**
 * Posts made, edited, liked and deleted against the real server, with reloads to prove it kept them.
 * A card's menu, a refused like, the delete confirmation and the empty composer are jsdom tests
 * (apps/web/src/app/routes/single-post.test.tsx, components/post-composer.test.tsx).
 */
const cardWith = (page: Page, text: string) => page.getByTestId('post-card').filter({ hasText: text });
const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text, { exact: true });

test('create, edit and delete one’s own post', async ({ page, signUp }) => {
  const me = await signUp('author');
  await page.goto('/landing');
  await page.getByPlaceholder("What's happening!").fill('Front squat triple at 100 kg');
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(toast(page, uiMessages.posted)).toBeVisible();
  await expect(page.getByPlaceholder("What's happening!")).toHaveValue('');
  const card = cardWith(page, 'Front squat triple at 100 kg');
  await expect(card).toBeVisible();
  await expect(card.getByText(`@${me.username}`)).toBeVisible();
  await expect(card.getByRole('link', { name: /Test Lifter/ })).toHaveAttribute('href', `/profilepage/${me.username}`);

  // Edit through the three-dots menu: the modal opens filled in, and reads Update.
  await card.getByRole('button', { name: 'Post options' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Post' });
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  const text = dialog.getByPlaceholder("What's happening!");
  await expect(text).toHaveValue('Front squat triple at 100 kg');
  await text.fill('Front squat triple at 105 kg');
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, uiMessages.updated)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(cardWith(page, 'Front squat triple at 105 kg')).toBeVisible();
  await expect(cardWith(page, 'Front squat triple at 100 kg')).toHaveCount(0);

  // The edit is on the server, not only in the cache.
  await page.reload();
  await expect(cardWith(page, 'Front squat triple at 105 kg')).toBeVisible();

  // The edit modal closes with Escape and with its X, keeping the post as it was.
  const edited = cardWith(page, 'Front squat triple at 105 kg');
  await edited.getByRole('button', { name: 'Post options' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Post' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await edited.getByRole('button', { name: 'Post options' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();

  await edited.getByRole('button', { name: 'Post options' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete this post?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, uiMessages.postDeleted)).toBeVisible();
  await expect(page.getByTestId('post-card')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('post-card')).toHaveCount(0);
});

test('like and bookmark answer at once, last after a reload, and fill the liked and bookmarks pages', async ({
  page,
  api,
  signUp,
}) => {
  await signUp('liker');
  const other = await api.signUp('poster');
  await api.createPost(other.token, { content: 'Hill sprints: 10 x 15 s' });

  await page.goto('/likepage');
  await expect(page.getByText(uiMessages.noLikedPosts, { exact: true })).toBeVisible();
  await page.goto('/bookmark');
  await expect(page.getByText(uiMessages.noBookmarks, { exact: true })).toBeVisible();

  await page.goto('/explore');
  const card = cardWith(page, 'Hill sprints: 10 x 15 s');
  const like = card.getByRole('button', { name: 'Like' });
  const bookmark = card.getByRole('button', { name: 'Bookmark' });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(card.getByTestId('like-count')).toHaveText('0');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(card.getByTestId('like-count')).toHaveText('1');
  await bookmark.click();
  await expect(bookmark).toHaveAttribute('aria-pressed', 'true');

  await page.reload();
  await expect(cardWith(page, 'Hill sprints: 10 x 15 s').getByTestId('like-count')).toHaveText('1');
  await expect(cardWith(page, 'Hill sprints: 10 x 15 s').getByRole('button', { name: 'Like' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await page.goto('/likepage');
  await expect(cardWith(page, 'Hill sprints: 10 x 15 s')).toBeVisible();
  await page.goto('/bookmark');
  const saved = cardWith(page, 'Hill sprints: 10 x 15 s');
  await expect(saved).toBeVisible();

  // Taking both back.
  await saved.getByRole('button', { name: 'Like' }).click();
  await expect(saved.getByTestId('like-count')).toHaveText('0');
  await saved.getByRole('button', { name: 'Bookmark' }).click();
  await expect(saved.getByRole('button', { name: 'Bookmark' })).toHaveAttribute('aria-pressed', 'false');
  await page.reload();
  await expect(page.getByText(uiMessages.noBookmarks, { exact: true })).toBeVisible();
  await page.goto('/likepage');
  await expect(page.getByText(uiMessages.noLikedPosts, { exact: true })).toBeVisible();
});

test('a post card links to its single post page, which shows that one card', async ({ page, signInAsGuest }) => {
  await signInAsGuest();
  await page.goto('/explore');
  const first = page.getByTestId('post-card').first();
  const content = (await first.locator('.post-card__content').textContent()) ?? '';
  await first.locator('time').click();
  await expect(page).toHaveURL(/\/postpage\/[0-9a-f-]+$/);
  await expect(page.getByTestId('post-card')).toHaveCount(1);
  await expect(page.getByTestId('post-card')).toContainText(content);

  await page.goto('/postpage/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('This post does not exist.')).toBeVisible();
});

test('deleting a post from its own page goes back to the home feed', async ({ page, api, signUp }) => {
  const me = await signUp('single');
  const post = await api.createPost(me.token, { content: 'Short-lived post' });
  await page.goto(`/postpage/${post._id}`);
  const card = cardWith(page, 'Short-lived post');
  await card.getByRole('button', { name: 'Post options' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete this post?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, uiMessages.postDeleted)).toBeVisible();
  await expect(page).toHaveURL(/\/landing$/);
  await expect(page.getByText('Short-lived post')).toHaveCount(0);
});

test('a quick double click on like ends where it started, on the screen and on the server', async ({
  page,
  api,
  signUp,
}) => {
  await signUp('doubleclick');
  const other = await api.signUp('dcposter');
  await api.createPost(other.token, { content: 'Tap twice' });
  await page.goto('/explore');
  const card = cardWith(page, 'Tap twice');
  const answers: number[] = [];
  page.on('response', (r) => {
    if (/\/api\/posts\/(like|dislike)\//.test(r.url())) answers.push(r.status());
  });
  await card.getByRole('button', { name: 'Like' }).dblclick();
  await expect.poll(() => answers.length).toBe(2);
  expect(answers).toEqual([201, 201]);
  await expect(card.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'false');
  await page.reload();
  await expect(cardWith(page, 'Tap twice').getByTestId('like-count')).toHaveText('0');
});

test('a double click on Post makes one post', async ({ page, signUp }) => {
  const me = await signUp('twoclicks');
  await page.goto('/landing');
  const creates: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/posts') creates.push(r.url());
  });
  await page.getByPlaceholder("What's happening!").fill('Only once, please');
  await page.getByRole('button', { name: 'Post', exact: true }).dblclick({ delay: 10 });
  await expect(toast(page, uiMessages.posted)).toBeVisible();
  await expect(cardWith(page, 'Only once, please')).toHaveCount(1);
  await page.reload();
  await expect(cardWith(page, 'Only once, please')).toHaveCount(1);
  const mine = await page.request.get(`/api/posts/user/${me.username}`);
  const posts = ((await mine.json()) as { posts: { content: string }[] }).posts;
  expect(posts.filter((p) => p.content === 'Only once, please')).toHaveLength(1);
  expect(creates).toHaveLength(1);
});

test('Escape in New Post asks before throwing the draft away; the inline composer keeps its text across pages', async ({
  page,
  signUp,
}) => {
  await signUp('drafter');
  await page.goto('/landing');
  await page.getByRole('button', { name: 'New Post' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Post' });
  await dialog.getByPlaceholder("What's happening!").fill('Half-written deadlift story');

  // Keep writing: the draft survives Escape.
  const questions: string[] = [];
  page.once('dialog', (prompt) => {
    questions.push(prompt.message());
    void prompt.dismiss();
  });
  await page.keyboard.press('Escape');
  await expect.poll(() => questions).toEqual(['Discard this post? What you wrote will be lost.']);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByPlaceholder("What's happening!")).toHaveValue('Half-written deadlift story');

  // Discard: the dialog closes.
  page.once('dialog', (prompt) => void prompt.accept());
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Nothing written: Escape closes without asking.
  await page.getByRole('button', { name: 'New Post' }).click();
  await expect(dialog).toBeVisible();
  page.once('dialog', () => questions.push('asked when empty'));
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(questions).toHaveLength(1);

  // The composer on Home keeps its text while the person looks at Explore.
  await page.getByPlaceholder("What's happening!").fill('Squat notes, unsent');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Explore' }).click();
  await expect(page.getByRole('heading', { name: 'Explore' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await expect(page.getByPlaceholder("What's happening!")).toHaveValue('Squat notes, unsent');
});
