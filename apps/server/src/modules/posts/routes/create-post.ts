import crypto from 'node:crypto';
import { type ClaimInTransaction, idempotencyKeyTables } from '../../../db/idempotency-keys';
import type { Key } from '../../../db/schema';
import { nowIso } from '../../../db/time';
import type { Handler } from '../../../http/add-route';
import { idempotencyKeyOf, idempotentCreate } from '../../../http/idempotency-key';
import { mentionedIn, postSideWrites } from '../../conversation';
import { notificationsOfAction } from '../../notifications';
import { postWorkoutColumns } from '../../training';
import { postMutationAnswer, requireVisiblePost } from '../post-answers';
import { mediaFields, refuseTakenMedia } from '../post-media';
import { insertPost } from '../queries/posts';

/**
 * POST /api/posts. With an Idempotency-Key, a replay answers the post the first call made, a replay
 * of a post deleted since is a 404, and the key sent with a different post is a 422 (issue 45,
 * finding 13; http/idempotency-key.ts, shared with POST /api/workouts).
 */
export const createPost: Handler<'createPost'> = async ({ body, user, minimal, request, reply }, ctx) => {
  const { postData } = body;
  const key = idempotencyKeyOf(request);
  const answer = (publicId: string) => postMutationAnswer(ctx, reply, minimal, publicId, user.id);
  const create = async (publicId: string, claim?: ClaimInTransaction) => {
    const createdAt = nowIso();
    // Its hashtags and the notifications of its mentions are written in its own transaction (decision 047).
    const told = notificationsOfAction(ctx);
    const mentioned = await mentionedIn(ctx, postData.content);
    const media = await mediaFields(ctx, user.id, postData);
    const workout = postData.workoutId ? await postWorkoutColumns(ctx.db, user.id, postData.workoutId) : undefined;
    const postId: Key = await refuseTakenMedia(
      insertPost(
        ctx.db,
        {
          publicId,
          authorId: user.id,
          content: postData.content,
          createdAt,
          ...media,
          workout,
          visibility: postData.visibility,
        },
        postSideWrites(told, { authorId: user.id, content: postData.content, createdAt, edited: false }, mentioned),
        claim,
      ),
    );
    ctx.fanout.add(postId);
    ctx.outbox?.postCreated(postId);
    await told.publish(request.log);
    return answer(publicId);
  };
  if (key === undefined) return create(crypto.randomUUID());
  return idempotentCreate(
    ctx.db,
    idempotencyKeyTables.posts,
    { userId: user.id, key, body: postData },
    create,
    async (publicId) => {
      await requireVisiblePost(ctx, publicId, user.id);
      return answer(publicId);
    },
  );
};
