import type { CardPost } from '@spotter/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from 'react-toastify/unstyled';
import { type PostListKind, postKeys } from '../../../lib/query-keys';
import { type CacheSnapshot, findCachedPost, restorePosts, snapshotPosts, updateCachedPost } from '../lib/post-cache';

/** An action a person turns on and off on one post (like, bookmark). */
export interface PostToggle {
  /** Calls of one action on one post run one after another, in the order they were made. */
  scope: string;
  /** Turns it on or off on the server, which answers the changed post. */
  send: (postId: string, on: boolean) => Promise<{ post: CardPost }>;
  /** Whether the action is on for this post. */
  isOn: (post: CardPost) => boolean;
  /** The change the person expects to see at once. */
  apply: (post: CardPost, on: boolean) => CardPost;
  /** A list the post joins or leaves: reloaded when next shown, not now. */
  list: PostListKind;
}

/**
 * An optimistic toggle on one post. The cache changes synchronously in the click handler and the
 * next click reads it from there (a double click undoes, never repeats); the server's answer then
 * replaces the post; a refusal puts the cache back and says why in a toast.
 */
export function usePostToggle(post: CardPost, { scope, send, isOn, apply, list }: PostToggle) {
  const client = useQueryClient();
  const postId = post._id;
  const { mutate } = useMutation<{ post: CardPost }, Error, { on: boolean; snapshot: CacheSnapshot }>({
    scope: { id: `${scope}-${postId}` },
    mutationFn: ({ on }) => send(postId, on),
    onError: (error, { snapshot }) => {
      restorePosts(client, snapshot);
      toast.error(error.message);
    },
    onSuccess: ({ post }) => {
      updateCachedPost(client, post._id, () => post);
      client.invalidateQueries({ queryKey: postKeys.list(list), refetchType: 'none' });
    },
  });
  return useCallback(() => {
    // From the cache, not from the last render: a second click may come before React re-renders.
    const on = !isOn(findCachedPost(client, postId) ?? post);
    const snapshot = snapshotPosts(client);
    updateCachedPost(client, postId, (post) => apply(post, on));
    mutate({ on, snapshot });
  }, [client, post, postId, isOn, apply, mutate]);
}
