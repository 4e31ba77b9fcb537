import { type CardPost, endpoints } from '@spotter/contract';
import { api } from '../../../lib/api-client';
import { usePostAction } from './post-action';

/** Bookmark or remove the bookmark: answers only the changed post. */
export function toggleBookmark(postId: string, bookmark: boolean) {
  const endpoint = bookmark ? endpoints.bookmarkPost : endpoints.removeBookmark;
  return api<{ post: CardPost }>(endpoint.path, {
    params: { postId },
    method: 'POST',
    minimal: true,
  });
}

const applyBookmark = (post: CardPost, bookmark: boolean): CardPost => ({ ...post, bookmarkedByMe: bookmark });

const isBookmarked = (post: CardPost) => post.bookmarkedByMe;

export function useToggleBookmark(post: CardPost) {
  const postId = post._id;
  return usePostAction({
    post,
    isOn: isBookmarked,
    scope: 'bookmark',
    send: (bookmark) => toggleBookmark(postId, bookmark),
    apply: applyBookmark,
    list: { feed: 'bookmarked' },
  });
}
