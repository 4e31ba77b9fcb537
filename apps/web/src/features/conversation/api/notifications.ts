import { type NotificationKind, type NotificationPage, routes } from '@spotter/contract';
import { infiniteQueryOptions, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { getSession } from '../../../lib/session';
import { conversationKeys } from './conversation-keys';

/** One kind's entries (issue 47), or every kind's; each list is kept under the notifications key, which the stream refreshes. */
export const notificationsOptions = (kind?: NotificationKind) =>
  infiniteQueryOptions({
    queryKey: [...conversationKeys.notifications, kind ?? 'all'],
    queryFn: ({ pageParam, signal }) =>
      call(routes.listNotifications, {
        query: { limit: 20, cursor: pageParam, ...(kind ? { kind } : {}) },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: NotificationPage) => last.nextCursor ?? undefined,
  });

export const unreadOptions = () =>
  queryOptions({
    queryKey: conversationKeys.unread,
    queryFn: async ({ signal }) => (await call(routes.unreadNotifications, { signal })).unreadCount,
    enabled: getSession() !== null,
  });

export const useUnreadCount = () => useQuery(unreadOptions());

/** Marks every notification read; the bell shows 0 at once. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(routes.readNotifications),
    onSuccess: (answer) => queryClient.setQueryData(conversationKeys.unread, answer.unreadCount),
  });
}

export const trendingOptions = () =>
  queryOptions({
    queryKey: conversationKeys.trending,
    queryFn: async ({ signal }) => (await call(routes.trendingTags, { signal })).tags,
    staleTime: 60_000,
  });
