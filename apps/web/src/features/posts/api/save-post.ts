import { type CardPost, type CreatePostBody, type EditPostBody, endpoints } from '@spotter/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { addCachedPost, updateCachedPost } from '../lib/post-cache';

export type PostData = CreatePostBody['postData'];

export function createPost(postData: PostData) {
  return api<{ post: CardPost }>(endpoints.createPost.path, { method: 'POST', body: { postData }, minimal: true });
}

export function editPost(postId: string, postData: EditPostBody['postData']) {
  return api<{ post: CardPost }>(endpoints.editPost.path, {
    params: { postId },
    method: 'POST',
    body: { postData },
    minimal: true,
  });
}

/** Creates a post, or edits `postId` when given; the answer is the one post, put into the cache. */
export function useSavePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (
      input: { postId: string; postData: EditPostBody['postData'] } | { postId?: undefined; postData: PostData },
    ) => (input.postId ? editPost(input.postId, input.postData) : createPost(input.postData as PostData)),
    onSuccess: ({ post }, { postId }) => {
      if (postId) updateCachedPost(client, post._id, () => post);
      else addCachedPost(client, post);
    },
  });
}
