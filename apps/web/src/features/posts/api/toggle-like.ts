import { type CardPost, endpoints } from '@spotter/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { api } from '../../../lib/api-client';
import { type CacheSnapshot, restorePosts, snapshotPosts, updateCachedPost } from '../lib/post-cache';
import { postKeys } from './post-keys';

const pathFor = (path: string, postId: string) => path.replace(':postId', encodeURIComponent(postId));

/** Like, or take the like back (the spec's "dislike"): answers only the changed post. */
export function toggleLike(postId: string, like: boolean) {
  const endpoint = like ? endpoints.likePost : endpoints.dislikePost;
  return api<{ post: CardPost }>(pathFor(endpoint.path, postId), { method: 'POST', minimal: true });
}

/** The heart answers at once; on a refusal the cache goes back as it was and a toast says why. */
export function useToggleLike() {
  const client = useQueryClient();
  return useMutation<{ post: CardPost }, Error, { postId: string; like: boolean }, CacheSnapshot>({
    mutationFn: ({ postId, like }) => toggleLike(postId, like),
    onMutate: async ({ postId, like }) => {
      await client.cancelQueries({ queryKey: postKeys.all });
      const snapshot = snapshotPosts(client);
      updateCachedPost(client, postId, (post) => ({
        ...post,
        likedByMe: like,
        likeCount: Math.max(0, post.likeCount + (like ? 1 : -1)),
      }));
      return snapshot;
    },
    onError: (error, _vars, snapshot) => {
      if (snapshot) restorePosts(client, snapshot);
      toast.error(error.message);
    },
    onSuccess: ({ post }) => {
      updateCachedPost(client, post._id, () => post);
      // The liked list gains or loses a post: reload it when it is next shown, not now.
      client.invalidateQueries({ queryKey: postKeys.list({ feed: 'liked' }), refetchType: 'none' });
    },
  });
}
