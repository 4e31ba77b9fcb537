import type { PostOrder } from '@spotter/contract';

/** Which paged list a cached list of posts is. Kept in the query key, so cache updates can tell. */
export type PostListKind =
  | { feed: 'home'; order: PostOrder }
  | { feed: 'explore'; order: PostOrder }
  | { feed: 'user'; username: string }
  | { feed: 'liked' }
  | { feed: 'bookmarked' }
  | { feed: 'tag'; tag: string };

/**
 * Every post query lives under ['posts']: lists as ['posts', 'list', kind], one card as
 * ['posts', 'card', id]. An action then finds the post wherever it is cached.
 */
export const postKeys = {
  all: ['posts'] as const,
  lists: () => ['posts', 'list'] as const,
  list: (kind: PostListKind) => ['posts', 'list', kind] as const,
  card: (postId: string) => ['posts', 'card', postId] as const,
};
