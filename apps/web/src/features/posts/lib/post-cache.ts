import type { CardPost, PostPage } from '@spotter/contract';
import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import { type PostListKind, postKeys } from '../../../lib/query-keys';

type Pages = InfiniteData<PostPage, string | undefined>;

function isPages(data: unknown): data is Pages {
  return !!data && Array.isArray((data as Pages).pages);
}

/** What was cached before an optimistic change, to put back if the server refuses it. */
export type CacheSnapshot = [QueryKey, unknown][];

export function snapshotPosts(client: QueryClient): CacheSnapshot {
  return client.getQueriesData({ queryKey: postKeys.all });
}

export function restorePosts(client: QueryClient, snapshot: CacheSnapshot) {
  for (const [key, data] of snapshot) client.setQueryData(key, data);
}

/**
 * Changes one post wherever it is cached: in every loaded page of every list, and its own card.
 * Only pages holding the post get a new object, so the other cards do not re-render.
 */
export function updateCachedPost(client: QueryClient, postId: string, change: (post: CardPost) => CardPost) {
  for (const [key, data] of client.getQueriesData({ queryKey: postKeys.all })) {
    if (isPages(data)) {
      if (!data.pages.some((p) => p.posts.some((post) => post._id === postId))) continue;
      client.setQueryData<Pages>(key, {
        ...data,
        pages: data.pages.map((p) =>
          p.posts.some((post) => post._id === postId)
            ? { ...p, posts: p.posts.map((post) => (post._id === postId ? change(post) : post)) }
            : p,
        ),
      });
    } else if ((data as CardPost | undefined)?._id === postId) {
      client.setQueryData<CardPost>(key, change(data as CardPost));
    }
  }
}

/** The post as cached right now (the screen may not have re-rendered it yet). */
export function findCachedPost(client: QueryClient, postId: string): CardPost | undefined {
  for (const [, data] of client.getQueriesData({ queryKey: postKeys.all })) {
    if (isPages(data)) {
      for (const page of data.pages) {
        const found = page.posts.find((post) => post._id === postId);
        if (found) return found;
      }
    } else if ((data as CardPost | undefined)?._id === postId) {
      return data as CardPost;
    }
  }
  return undefined;
}

/** Takes a deleted post out of every cached list and drops its card. */
export function removeCachedPost(client: QueryClient, postId: string) {
  for (const [key, data] of client.getQueriesData({ queryKey: postKeys.lists() })) {
    if (!isPages(data)) continue;
    client.setQueryData<Pages>(key, {
      ...data,
      pages: data.pages.map((p) => ({ ...p, posts: p.posts.filter((post) => post._id !== postId) })),
    });
  }
  client.removeQueries({ queryKey: postKeys.card(postId) });
}

/**
 * A new post goes to the top of the loaded lists it belongs to in newest-first order (home, explore,
 * the author's own posts). Lists in another order are marked stale and reload when next shown.
 */
export function addCachedPost(client: QueryClient, post: CardPost) {
  for (const [key, data] of client.getQueriesData({ queryKey: postKeys.lists() })) {
    const kind = key[2] as PostListKind | undefined;
    if (!isPages(data) || !kind) continue;
    if (acceptsNewPost(kind, post)) {
      const [first, ...rest] = data.pages;
      if (!first) continue;
      client.setQueryData<Pages>(key, { ...data, pages: [{ ...first, posts: [post, ...first.posts] }, ...rest] });
    } else if (kind.feed !== 'liked' && kind.feed !== 'bookmarked') {
      client.invalidateQueries({ queryKey: key, exact: true });
    }
  }
}

function acceptsNewPost(kind: PostListKind, post: CardPost): boolean {
  switch (kind.feed) {
    case 'home':
    case 'explore':
      return kind.order === 'newest';
    case 'user':
      return kind.username === post.username;
    default:
      return false;
  }
}
