import { type CardPost, type Comment, routes, uiMessages } from '@spotter/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { paths } from '../../config/paths';
import { formatExactDate } from '../../lib/dates';
import { clearSession } from '../../lib/session';
import { isCall, stubApi } from '../../testing/api-stub';
import { cardPost } from '../../testing/card-post';
import { jsonResponse, renderRoutes } from '../../testing/render';
import { waitForToast } from '../../testing/screen-facts';
import { signInAs, testUser } from '../../testing/session';
import { SinglePostRoute } from './single-post';

/** A post card's menu, like and delete, on the single post page (/postpage/:postId). */

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

const me = testUser({ _id: 'me', username: 'ada_lifts' });
const author = { _id: 'a', username: 'maya_lifts', firstname: 'Maya', lastname: 'Okafor', avatarUrl: '' };

const postBy = (by: CardPost['author'], content: string) => cardPost({ author: by, content });
const myPost = (content: string) =>
  postBy(
    { _id: me._id, username: me.username, firstname: me.firstname, lastname: me.lastname, avatarUrl: '' },
    content,
  );

const screens: RouteObject[] = [
  { path: paths.postPattern, Component: SinglePostRoute },
  { path: paths.home, element: <h1>Home feed</h1> },
];

/** The post's card; a like refused as the server refuses one; a delete done. Records every call. */
function stubServer(post: CardPost) {
  return stubApi((call) => {
    if (isCall(call, routes.postCard)) return jsonResponse(200, { post });
    if (isCall(call, routes.likePost)) return jsonResponse(400, { errors: ['Nope'] });
    if (isCall(call, routes.deletePost)) return jsonResponse(201, { posts: [] });
    return undefined;
  });
}

async function renderPost(post: CardPost) {
  const calls = stubServer(post);
  signInAs(me);
  const view = renderRoutes(screens, paths.post(post._id));
  const card = await screen.findByTestId('post-card');
  return { calls, card, user: userEvent.setup({ delay: null }), ...view };
}

const menuButton = (card: HTMLElement) => within(card).getByRole('button', { name: 'Post options' });

describe('a post card', () => {
  it('the three-dots menu is on one’s own posts only and closes on an outside click and on Escape', async () => {
    const theirs = await renderPost(postBy(author, 'Someone else’s tempo run'));
    expect(within(theirs.card).queryByRole('button', { name: 'Post options' })).toBeNull();
    cleanup();

    const { card, user } = await renderPost(myPost('My own bench day'));
    const options = menuButton(card);
    await user.click(options);
    expect(screen.getByRole('menu')).toBeTruthy();
    expect(options.getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByRole('heading', { name: 'Post' }));
    expect(screen.queryByRole('menu')).toBeNull();

    await user.click(options);
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Edit' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(options);
  });

  it('the three-dots menu moves with the arrow keys, Home and End', async () => {
    const { card, user } = await renderPost(myPost('Menu by keyboard'));
    menuButton(card).focus();
    await user.keyboard('{Enter}');
    const edit = screen.getByRole('menuitem', { name: 'Edit' });
    const remove = screen.getByRole('menuitem', { name: 'Delete' });
    const focused = () => document.activeElement;
    expect(focused()).toBe(edit);
    await user.keyboard('{ArrowDown}');
    expect(focused()).toBe(remove);
    await user.keyboard('{ArrowDown}');
    expect(focused()).toBe(edit);
    await user.keyboard('{ArrowUp}');
    expect(focused()).toBe(remove);
    await user.keyboard('{Home}');
    expect(focused()).toBe(edit);
    await user.keyboard('{End}');
    expect(focused()).toBe(remove);
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Delete this post?' })).toBeTruthy();
  });

  it('a refused like is rolled back and told in a toast', async () => {
    const { card, user, calls } = await renderPost(postBy(author, 'Rows for days'));
    const like = within(card).getByRole('button', { name: 'Like' });
    await user.click(like);
    await waitForToast('Nope');
    expect(calls.filter((call) => isCall(call, routes.likePost))).toHaveLength(1);
    expect(like.getAttribute('aria-pressed')).toBe('false');
    expect(within(card).getByTestId('like-count').textContent).toBe('0');
  });

  it('Delete asks first: Cancel and Escape keep the post, and nothing is sent until Delete is chosen', async () => {
    const { card, user, calls, router } = await renderPost(myPost('Keep me unless I say so'));
    const deletes = () => calls.filter((call) => isCall(call, routes.deletePost));
    const askToDelete = async () => {
      await user.click(menuButton(card));
      await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
      return screen.getByRole('dialog', { name: 'Delete this post?' });
    };

    let confirm = await askToDelete();
    expect(confirm.textContent).toContain('It cannot be undone.');
    // Keyboard users start on the safe choice.
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Cancel' }));
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await askToDelete();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Keep me unless I say so')).toBeTruthy();
    expect(deletes()).toEqual([]);

    confirm = await askToDelete();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitForToast(uiMessages.postDeleted);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.home));
    expect(screen.queryByText('Keep me unless I say so')).toBeNull();
    expect(deletes()).toHaveLength(1);
  });
});

describe('a post opened at a comment (issue 47)', () => {
  const commentBy = (id: string, content: string, replyTo: string | null = null): Comment => ({
    _id: id,
    postId: 'b7d3c2a0-0000-4000-8000-000000000001',
    content,
    replyTo,
    author,
    createdAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
    updatedAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
  });

  it('loads the page the comment is on, scrolls to it, marks it and gives it the focus', async () => {
    const post = postBy(author, 'Tempo run, 10 km');
    const scrolled: Element[] = [];
    // jsdom has no scrollIntoView: the test gives one, which says what was scrolled to.
    Object.defineProperty(Element.prototype, 'scrollIntoView', {
      configurable: true,
      value(this: Element) {
        scrolled.push(this);
      },
    });
    onTestFinished(() => {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    });
    // The thread comes in two pages; the comment asked for is on the second.
    stubApi((call) => {
      if (isCall(call, routes.postCard)) return jsonResponse(200, { post });
      if (isCall(call, routes.listComments))
        return call.query.get('cursor')
          ? jsonResponse(200, {
              comments: [commentBy('c-2', 'See you at the track'), commentBy('c-3', 'me too', 'c-2')],
              nextCursor: null,
            })
          : jsonResponse(200, { comments: [commentBy('c-1', 'Nice pace')], nextCursor: 'page-2' });
      return undefined;
    });
    signInAs(me);
    renderRoutes(screens, paths.postComment(post._id, 'c-2'));

    const asked = await screen.findByText('See you at the track');
    const article = asked.closest('article') as HTMLElement;
    await waitFor(() => expect(document.activeElement).toBe(article));
    expect(article.id).toBe('comment-c-2');
    expect(article.classList.contains('comment--highlighted')).toBe(true);
    expect(article.getAttribute('aria-current')).toBe('true');
    expect(scrolled).toEqual([article]);
    // The others are not marked, and none takes the focus from the keyboard's order.
    for (const other of ['Nice pace', 'me too']) {
      const element = screen.getByText(other).closest('article') as HTMLElement;
      expect(element.classList.contains('comment--highlighted')).toBe(false);
      expect(element.hasAttribute('tabindex')).toBe(false);
    }
  });

  it("a comment's time is relative as a post's, the exact moment on hover", async () => {
    const post = postBy(author, 'Tempo run, 10 km');
    const comment = commentBy('c-1', 'Nice pace');
    stubApi((call) => {
      if (isCall(call, routes.postCard)) return jsonResponse(200, { post });
      if (isCall(call, routes.listComments)) return jsonResponse(200, { comments: [comment], nextCursor: null });
      return undefined;
    });
    signInAs(me);
    renderRoutes(screens, paths.post(post._id));
    const article = (await screen.findByText('Nice pace')).closest('article') as HTMLElement;
    const time = article.querySelector('time') as HTMLTimeElement;
    expect(time.textContent).toBe('3 h');
    expect(time.dateTime).toBe(comment.createdAt);
    expect(time.title).toBe(formatExactDate(comment.createdAt));
  });
});
