/**
 * The query keys of the caches that more than one feature reads or refreshes: posts (a follow, a
 * profile edit, a comment or a moderator's restore changes them), people and training figures. A
 * feature's other keys stay in the feature.
 */
import type { PostOrder } from '@spotter/contract';

/** Which paged list a cached list of posts is. Kept in the query key, so cache updates can tell. */
export type PostListKind =
  | { feed: 'home'; order: PostOrder }
  | { feed: 'explore'; order: PostOrder }
  | { feed: 'user'; username: string }
  | { feed: 'liked' }
  | { feed: 'bookmarked' }
  | { feed: 'tag'; tag: string }
  | { feed: 'search'; q: string };

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

/** Every users query lives under ['users'], so a follow or a profile edit can refresh them together. */
export const userKeys = {
  all: ['users'] as const,
  search: (q: string) => ['users', 'search', q] as const,
  /** Someone on another server by `name@host` (issue 49). */
  lookup: (acct: string) => ['users', 'lookup', acct] as const,
  /** The search page's People tab, page by page (issue 47). */
  searchPages: (q: string) => ['users', 'search-pages', q] as const,
  suggestions: () => ['users', 'suggestions'] as const,
  profiles: () => ['users', 'profile'] as const,
  profile: (username: string) => ['users', 'profile', username] as const,
  followLists: (side: 'followers' | 'following') => ['users', side] as const,
  followList: (username: string, side: 'followers' | 'following') => ['users', side, username] as const,
};

/** Every training query lives under ['training']: a logged workout refreshes them together. */
export const trainingKeys = {
  all: ['training'] as const,
  settings: () => ['training', 'settings'] as const,
  exercises: (q: string) => ['training', 'exercises', q] as const,
  catalogue: () => ['training', 'catalogue'] as const,
  workouts: (username: string) => ['training', 'workouts', username] as const,
  records: (username: string) => ['training', 'records', username] as const,
  stats: (username: string) => ['training', 'stats', username] as const,
  progress: (username: string, exerciseId: string) => ['training', 'progress', username, exerciseId] as const,
  routines: () => ['training', 'routines'] as const,
  routine: (routineId: string) => ['training', 'routines', routineId] as const,
  lastOf: (exerciseId: string) => ['training', 'last', exerciseId] as const,
};
