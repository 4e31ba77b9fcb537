import { endpoints, uiMessages } from '@spotter/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify/unstyled';
import { api } from '../../../lib/api-client';
import { removeCachedPost } from '../lib/post-cache';

export function deletePost(postId: string) {
  return api<{ deletedPostId: string }>(endpoints.deletePost.path, {
    params: { postId },
    method: 'DELETE',
    minimal: true,
  });
}

export function useDeletePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: (_answer, postId) => {
      removeCachedPost(client, postId);
      toast.success(uiMessages.postDeleted);
    },
    onError: (error) => toast.error(error.message),
  });
}
