import type { CardPost, PostPage } from '@spotter/contract';
import { type InfiniteData, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { postKeys } from '../../../lib/query-keys';
import { addCachedPost, removeCachedPost, restorePosts, snapshotPosts, updateCachedPost } from './post-cache';

type Pages = InfiniteData<PostPage, string | undefined>;

const author = {
  _id: 'a0000000-0000-4000-8000-000000000001',
  username: 'maya',
  firstname: 'Maya',
  lastname: 'O',
  avatarUrl: '/a.svg',
};
const post = (n: number, extra: Partial<CardPost> = {}): CardPost => ({
  _id: `p${n}`,
  content: `post ${n}`,
  image: null,
  mediaType: null,
  alt: null,
  mediaWidth: null,
  mediaHeight: null,
  likeCount: 0,
  commentCount: 0,
  likedByMe: false,
  bookmarkedByMe: false,
  author,
  username: author.username,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  editedAt: null,
  visibility: 'public',
  photos: [],
  ...extra,
});
const pages = (...lists: CardPost[][]): Pages => ({
  pages: lists.map((posts, i) => ({ posts, nextCursor: i < lists.length - 1 ? `c${i}` : null })),
  pageParams: lists.map((_, i) => (i === 0 ? undefined : `c${i - 1}`)),
});

function cache() {
  const client = new QueryClient();
  const explore = postKeys.list({ feed: 'explore', order: 'newest' });
  const trending = postKeys.list({ feed: 'explore', order: 'trending' });
  const liked = postKeys.list({ feed: 'liked' });
  client.setQueryData(explore, pages([post(3), post(2)], [post(1)]));
  client.setQueryData(trending, pages([post(1), post(3)]));
  client.setQueryData(liked, pages([post(2)]));
  client.setQueryData(postKeys.card('p1'), post(1));
  return { client, explore, trending, liked };
}

const ids = (data: Pages | undefined) => data?.pages.map((p) => p.posts.map((x) => x._id));

describe('post cache', () => {
  it('changes one post in every page of every list that holds it, and its own card', () => {
    const { client, explore, trending, liked } = cache();
    const untouchedPage = client.getQueryData<Pages>(explore)?.pages[0];
    updateCachedPost(client, 'p1', (p) => ({ ...p, likeCount: 5, likedByMe: true }));
    expect(client.getQueryData<Pages>(explore)?.pages[1]?.posts[0]?.likeCount).toBe(5);
    expect(client.getQueryData<Pages>(trending)?.pages[0]?.posts[0]?.likedByMe).toBe(true);
    expect(client.getQueryData<CardPost>(postKeys.card('p1'))?.likeCount).toBe(5);
    // Pages without the post keep their identity: their cards do not re-render.
    expect(client.getQueryData<Pages>(explore)?.pages[0]).toBe(untouchedPage);
    expect(ids(client.getQueryData<Pages>(liked))).toEqual([['p2']]);
  });

  it('puts everything back from a snapshot (rollback of a refused action)', () => {
    const { client, explore } = cache();
    const snapshot = snapshotPosts(client);
    updateCachedPost(client, 'p2', (p) => ({ ...p, bookmarkedByMe: true }));
    restorePosts(client, snapshot);
    expect(client.getQueryData<Pages>(explore)?.pages[0]?.posts[1]?.bookmarkedByMe).toBe(false);
  });

  it('takes a deleted post out of every list and drops its card', () => {
    const { client, explore, trending } = cache();
    removeCachedPost(client, 'p1');
    expect(ids(client.getQueryData<Pages>(explore))).toEqual([['p3', 'p2'], []]);
    expect(ids(client.getQueryData<Pages>(trending))).toEqual([['p3']]);
    expect(client.getQueryData(postKeys.card('p1'))).toBeUndefined();
  });

  it('adds a new post on top of newest-first lists only, and of its author’s own list', () => {
    const { client, explore, trending, liked } = cache();
    const mine = postKeys.list({ feed: 'user', username: 'maya' });
    const theirs = postKeys.list({ feed: 'user', username: 'dan' });
    client.setQueryData(mine, pages([post(2)]));
    client.setQueryData(theirs, pages([]));
    addCachedPost(client, post(4));
    expect(ids(client.getQueryData<Pages>(explore))).toEqual([['p4', 'p3', 'p2'], ['p1']]);
    expect(ids(client.getQueryData<Pages>(mine))).toEqual([['p4', 'p2']]);
    expect(ids(client.getQueryData<Pages>(theirs))).toEqual([[]]);
    expect(ids(client.getQueryData<Pages>(trending))).toEqual([['p1', 'p3']]);
    expect(client.getQueryState(trending)?.isInvalidated).toBe(true);
    expect(ids(client.getQueryData<Pages>(liked))).toEqual([['p2']]);
  });
});
