import { type CommentPage, routes } from '@spotter/contract';
import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify/unstyled';
import { call } from '../../../lib/api-client';
import { postKeys } from '../../../lib/query-keys';
import { conversationKeys } from './conversation-keys';

export const commentPageSize = 50;

/** A post's thread in reading order, page after page. */
export const commentsOptions = (postId: string) =>
  infiniteQueryOptions({
    queryKey: conversationKeys.comments(postId),
    queryFn: ({ pageParam, signal }) =>
      call(routes.listComments, { params: { postId }, query: { limit: commentPageSize, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: CommentPage) => last.nextCursor ?? undefined,
  });

type CommentChange =
  | { kind: 'create'; content: string; replyTo?: string }
  | { kind: 'edit'; commentId: string; content: string }
  | { kind: 'delete'; commentId: string };

/** Adds, edits or deletes a comment; the thread and the post's comment count are fetched again. */
export function useCommentChange(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: CommentChange) => {
      if (change.kind === 'create') {
        const commentData = { content: change.content, ...(change.replyTo ? { replyTo: change.replyTo } : {}) };
        return call(routes.createComment, { params: { postId }, body: { commentData } });
      }
      if (change.kind === 'edit') {
        return call(routes.editComment, {
          params: { commentId: change.commentId },
          body: { commentData: { content: change.content } },
        });
      }
      return call(routes.deleteComment, { params: { commentId: change.commentId } });
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: conversationKeys.comments(postId) }),
        queryClient.invalidateQueries({ queryKey: postKeys.card(postId) }),
        queryClient.invalidateQueries({ queryKey: postKeys.lists(), refetchType: 'none' }),
      ]),
    onError: (error) => toast.error(error.message),
  });
}
