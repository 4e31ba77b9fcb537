import crypto from 'node:crypto';
import { apiErrors } from '@spotter/contract';
import { HttpError, notFound } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { notificationsOfAction } from '../../notifications';
import { requireVisiblePost } from '../../posts';
import { indexCommentTags, mentionedIn, recordMentions } from '../mentions';
import { commentByKey, insertComment } from '../queries/comments';

export const createComment: Handler<'createComment'> = async ({ params, body, user, request }, ctx) => {
  const { content, replyTo } = body.commentData;
  await requireVisiblePost(ctx, params.postId, user.id);
  const mentioned = await mentionedIn(ctx, content, user.id);
  // The comment's notifications are recorded in its own transaction (one commit), each under a
  // savepoint: one that cannot be recorded never loses the comment.
  const told = notificationsOfAction(ctx);
  const outcome = await insertComment(
    ctx.db,
    {
      publicId: crypto.randomUUID(),
      postPublicId: params.postId,
      authorId: user.id,
      content,
      ...(replyTo !== undefined ? { replyTo } : {}),
    },
    async (trx, created) => {
      const about = { actorId: user.id, postId: created.postId, commentId: created.id };
      const skip = [created.postAuthorId];
      if (created.parentAuthorId !== null) {
        await told.record(trx, { ...about, recipientId: created.parentAuthorId, type: 'reply' });
        skip.push(created.parentAuthorId);
      }
      if (created.parentAuthorId !== created.postAuthorId) {
        await told.record(trx, { ...about, recipientId: created.postAuthorId, type: 'comment' });
      }
      // A new comment has told no one of its mentions yet (an edit asks: modules/conversation/mentions.ts).
      const mentions = { authorId: user.id, postId: created.postId, commentId: created.id, skip };
      await recordMentions(ctx, trx, told, mentioned, mentions, false);
    },
  );
  if (outcome.kind === 'no-post') throw notFound(apiErrors.postNotFound);
  if (outcome.kind === 'no-parent') throw notFound(apiErrors.commentNotFound);
  const created = outcome.comment;
  await indexCommentTags(ctx, { id: created.id, postId: created.postId, content });
  await told.publish(request.log);
  const comment = await commentByKey(ctx.db, created.id);
  if (!comment) throw new HttpError(404, [apiErrors.commentNotFound]);
  return { comment };
};
