import { type CardPost, endpoints } from '@spotter/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { api } from '../../../lib/api-client';
import { type CacheSnapshot, restorePosts, snapshotPosts, updateCachedPost } from '../lib/post-cache';
import { postKeys } from './post-keys';

/** Bookmark or remove the bookmark: answers only the changed post. */
export function toggleBookmark(postId: string, bookmark: boolean) {
  const endpoint = bookmark ? endpoints.bookmarkPost : endpoints.removeBookmark;
  return api<{ post: CardPost }>(endpoint.path.replace(':postId', encodeURIComponent(postId)), {
    method: 'POST',
    minimal: true,
  });
}

export function useToggleBookmark() {
  const client = useQueryClient();
  return useMutation<{ post: CardPost }, Error, { postId: string; bookmark: boolean }, CacheSnapshot>({
    mutationFn: ({ postId, bookmark }) => toggleBookmark(postId, bookmark),
    onMutate: async ({ postId, bookmark }) => {
      await client.cancelQueries({ queryKey: postKeys.all });
      const snapshot = snapshotPosts(client);
      updateCachedPost(client, postId, (post) => ({ ...post, bookmarkedByMe: bookmark }));
      return snapshot;
    },
    onError: (error, _vars, snapshot) => {
      if (snapshot) restorePosts(client, snapshot);
      toast.error(error.message);
    },
    onSuccess: ({ post }) => {
      updateCachedPost(client, post._id, () => post);
      client.invalidateQueries({ queryKey: postKeys.list({ feed: 'bookmarked' }), refetchType: 'none' });
    },
  });
}
