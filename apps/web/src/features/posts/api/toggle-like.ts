import { type CardPost, endpoints } from '@spotter/contract';
import { api } from '../../../lib/api-client';
import { usePostAction } from './post-action';

/** Like, or take the like back (the spec's "dislike"): answers only the changed post. */
export function toggleLike(postId: string, like: boolean) {
  const endpoint = like ? endpoints.likePost : endpoints.dislikePost;
  return api<{ post: CardPost }>(endpoint.path, {
    params: { postId },
    method: 'POST',
    minimal: true,
  });
}

const applyLike = (post: CardPost, like: boolean): CardPost => ({
  ...post,
  likedByMe: like,
  likeCount: Math.max(0, post.likeCount + (like ? 1 : -1)),
});

/** `toggle()` likes the post or takes the like back; the heart answers at once. */
const isLiked = (post: CardPost) => post.likedByMe;

export function useToggleLike(post: CardPost) {
  const postId = post._id;
  return usePostAction({
    post,
    isOn: isLiked,
    scope: 'like',
    send: (like) => toggleLike(postId, like),
    apply: applyLike,
    list: { feed: 'liked' },
  });
}
