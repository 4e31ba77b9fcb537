import { routes } from '@spotter/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { postKeys } from '../../../lib/query-keys';

/** One post as a card (like count, likedByMe, bookmarkedByMe): the single post page. */
export const postCardOptions = (postId: string) =>
  queryOptions({
    queryKey: postKeys.card(postId),
    queryFn: async ({ signal }) => (await call(routes.postCard, { params: { postId }, signal })).post,
  });

export const usePostCard = (postId: string) => useQuery(postCardOptions(postId));
