import { routes, uiMessages } from '@spotter/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify/unstyled';
import { call } from '../../../lib/api-client';
import { removeCachedPost } from '../lib/post-cache';

export const deletePost = (postId: string) => call(routes.deletePost, { params: { postId } });

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
