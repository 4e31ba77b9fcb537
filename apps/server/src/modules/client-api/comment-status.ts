import type { Comment } from '@spotter/contract';
import type { AccountRow } from '../../db/schema';
import { toApiTimestamp } from '../../db/time';
import { accountOf, htmlOf, type statusOf } from './entities';

/**
 * A comment as a Status replying to its post (or, for a reply, to its thread's comment), so apps
 * show a post's comments as its thread's descendants (issue 50). It has the post's visibility;
 * likes and bookmarks are the post's, not the comment's.
 */
export function commentStatusOf(
  comment: Comment,
  author: AccountRow,
  post: ReturnType<typeof statusOf>,
  repliedAccountId: string | null,
  origin: string,
): ReturnType<typeof statusOf> {
  const url = `${origin}/postpage/${encodeURIComponent(comment.postId)}#comment-${encodeURIComponent(comment._id)}`;
  return {
    ...post,
    id: comment._id,
    created_at: toApiTimestamp(comment.createdAt),
    in_reply_to_id: comment.replyTo ?? comment.postId,
    in_reply_to_account_id: repliedAccountId,
    uri: url,
    url,
    replies_count: 0,
    favourites_count: 0,
    favourited: false,
    bookmarked: false,
    edited_at: comment.updatedAt === comment.createdAt ? null : toApiTimestamp(comment.updatedAt),
    content: htmlOf(comment.content),
    account: accountOf(author, origin),
    media_attachments: [],
    card: null,
  };
}
