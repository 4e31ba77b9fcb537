import crypto from 'node:crypto';
import { apiErrors } from '@spotter/contract';
import { HttpError, notFound } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { erasedMeanwhile } from '../../accounts';
import { notificationsOfAction } from '../../notifications';
import { requireVisiblePost } from '../../posts';
import { mentionedIn, newCommentTags } from '../mentions';
import { commentByKey, insertComment } from '../queries/comments';

export const createComment: Handler<'createComment'> = async ({ params, body, user, request }, ctx) => {
  const { content, replyTo } = body.commentData;
  await requireVisiblePost(ctx, params.postId, user.id);
  const mentioned = await mentionedIn(ctx, content);
  // The comment's hashtags and notifications are written in its own transaction (one commit), each
  // notification under a savepoint: one that cannot be recorded never loses the comment.
  const told = notificationsOfAction(ctx);
  const outcome = await insertComment(
    ctx.db,
    {
      publicId: crypto.randomUUID(),
      postPublicId: params.postId,
      authorId: user.id,
      content,
      ...(replyTo !== undefined ? { replyTo } : {}),
      mentioned,
    },
    async (trx, created) => {
      await newCommentTags(trx, { id: created.id, postId: created.postId, content });
      await told.record(trx, {
        kind: 'comment',
        actorId: user.id,
        postId: created.postId,
        commentId: created.id,
        postAuthorId: created.postAuthorId,
        parentAuthorId: created.parentAuthorId,
        mentioned,
      });
    },
  );
  if (outcome.kind === 'no-post') throw notFound(apiErrors.postNotFound);
  if (outcome.kind === 'no-parent') throw notFound(apiErrors.commentNotFound);
  if (outcome.kind === 'no-actor') throw erasedMeanwhile();
  const created = outcome.comment;
  await told.publish(request.log);
  const comment = await commentByKey(ctx.db, created.id);
  if (!comment) throw new HttpError(404, [apiErrors.commentNotFound]);
  return { comment };
};
