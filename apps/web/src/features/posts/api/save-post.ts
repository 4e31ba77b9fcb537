import { type CreatePostBody, type EditPostBody, routes } from '@spotter/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { addCachedPost, updateCachedPost } from '../lib/post-cache';

export type PostData = CreatePostBody['postData'];
type PostEdit = EditPostBody['postData'];

export const createPost = (postData: PostData) => call(routes.createPost, { body: { postData } });

export const editPost = (postId: string, postData: PostEdit) =>
  call(routes.editPost, { params: { postId }, body: { postData } });

/** Creates a post, or edits `postId` when given; the answer is the one post, put into the cache. */
export function useSavePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { postId: string; postData: PostEdit } | { postId?: undefined; postData: PostData }) =>
      input.postId ? editPost(input.postId, input.postData) : createPost(input.postData as PostData),
    onSuccess: ({ post }, { postId }) => {
      if (postId) updateCachedPost(client, post._id, () => post);
      else addCachedPost(client, post);
    },
  });
}
