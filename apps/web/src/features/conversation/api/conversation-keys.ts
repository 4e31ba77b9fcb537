/** Query keys of the conversation feature: a post's comments, notifications, the unread count, trending tags. */
export const conversationKeys = {
  comments: (postId: string) => ['comments', postId] as const,
  notifications: ['notifications', 'list'] as const,
  unread: ['notifications', 'unread'] as const,
  trending: ['tags', 'trending'] as const,
  /** The search page's Tags tab (issue 47). */
  search: (q: string) => ['tags', 'search', q] as const,
};
