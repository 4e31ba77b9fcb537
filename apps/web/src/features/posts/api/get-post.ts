import { type CardPost, endpoints } from '@spotter/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { postKeys } from './post-keys';

/** One post as a card (like count, likedByMe, bookmarkedByMe): the single post page. */
export async function getPostCard(postId: string, signal?: AbortSignal): Promise<CardPost> {
  const { post } = await api<{ post: CardPost }>(endpoints.postCard.path, { params: { postId }, signal });
  return post;
}

export const postCardOptions = (postId: string) =>
  queryOptions({ queryKey: postKeys.card(postId), queryFn: ({ signal }) => getPostCard(postId, signal) });

export const usePostCard = (postId: string) => useQuery(postCardOptions(postId));
