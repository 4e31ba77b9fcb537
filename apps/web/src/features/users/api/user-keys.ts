/** Every users query lives under ['users'], so a follow or a profile edit can refresh them together. */
export const userKeys = {
  all: ['users'] as const,
  search: (q: string) => ['users', 'search', q] as const,
  suggestions: () => ['users', 'suggestions'] as const,
  profiles: () => ['users', 'profile'] as const,
  profile: (username: string) => ['users', 'profile', username] as const,
  followLists: (side: 'followers' | 'following') => ['users', side] as const,
  followList: (username: string, side: 'followers' | 'following') => ['users', side, username] as const,
};
