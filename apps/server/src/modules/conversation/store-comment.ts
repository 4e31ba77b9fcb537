import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { Key } from '../../db/schema';
import { notificationsOfAction } from '../notifications';
import { mentionedIn, newCommentTags } from './mentions';
import { type CreateCommentOutcome, insertComment } from './queries/comments';

/**
 * Stores a new comment with its conversation, as a person here writes one (POST
 * /api/posts/:id/comments) and as a reply Note from another server becomes one (issue 49): its
 * hashtags and notifications in its own transaction (one commit), each notification under a
 * savepoint, so one that cannot be recorded never loses the comment. Whether the post may be seen
 * is the caller's to check first. A local comment is handed to the outbox; a remote one (with the
 * Note's id) came from there.
 */
export async function storeComment(
  ctx: AppContext,
  input: { authorId: Key; postPublicId: string; content: string; replyTo?: string; objectUri?: string },
  log: FastifyBaseLogger,
): Promise<CreateCommentOutcome> {
  const { authorId, content } = input;
  const mentioned = await mentionedIn(ctx, content);
  const told = notificationsOfAction(ctx);
  const outcome = await insertComment(
    ctx.db,
    {
      publicId: crypto.randomUUID(),
      postPublicId: input.postPublicId,
      authorId,
      content,
      ...(input.replyTo !== undefined ? { replyTo: input.replyTo } : {}),
      ...(input.objectUri !== undefined ? { objectUri: input.objectUri } : {}),
      mentioned,
    },
    async (trx, created) => {
      await newCommentTags(trx, { id: created.id, postId: created.postId, content });
      await told.record(trx, {
        kind: 'comment',
        actorId: authorId,
        postId: created.postId,
        commentId: created.id,
        postAuthorId: created.postAuthorId,
        parentAuthorId: created.parentAuthorId,
        mentioned,
      });
    },
  );
  if (outcome.kind !== 'created') return outcome;
  await told.publish(log);
  if (input.objectUri === undefined) ctx.outbox?.commentCreated(outcome.comment.id);
  return outcome;
}
