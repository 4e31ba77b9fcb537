import { routes, type UserPage } from '@spotter/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { userKeys } from '../../../lib/query-keys';

export type FollowSide = 'followers' | 'following';

/** People per page of a follower or following list. */
export const followPageSize = 20;

/** A person's followers, or the people they follow, most recent follow first, page by page. */
export const followListOptions = (username: string, side: FollowSide) =>
  infiniteQueryOptions({
    queryKey: userKeys.followList(username, side),
    queryFn: ({ pageParam, signal }) =>
      call(routes[side], { params: { username }, query: { limit: followPageSize, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: UserPage) => last.nextCursor ?? undefined,
  });

export const useFollowList = (username: string, side: FollowSide) =>
  useInfiniteQuery(followListOptions(username, side));
