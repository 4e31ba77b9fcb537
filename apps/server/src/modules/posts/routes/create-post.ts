import crypto from 'node:crypto';
import { apiErrors } from '@spotter/contract';
import type { Key } from '../../../db/schema';
import { nowIso } from '../../../db/time';
import { HttpError } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { idempotencyKeyOf } from '../../../http/idempotency-key';
import { mentionedIn, postSideWrites } from '../../conversation';
import { notificationsOfAction } from '../../notifications';
import { postWorkoutColumns } from '../../training';
import { postMutationAnswer } from '../post-answers';
import { mediaFields, refuseTakenMedia } from '../post-media';
import { claimPostKey, releasePostKey } from '../queries/post-idempotency';
import { insertPost } from '../queries/posts';

export const createPost: Handler<'createPost'> = async ({ body, user, minimal, request, reply }, ctx) => {
  const { postData } = body;
  const key = idempotencyKeyOf(request);
  let publicId: string = crypto.randomUUID();
  if (key !== undefined) {
    const claim = await claimPostKey(ctx.db, user.id, key, publicId);
    if (claim.kind === 'in-flight') throw new HttpError(409, [apiErrors.idempotencyKeyInFlight]);
    if (claim.kind === 'made') return postMutationAnswer(ctx, reply, minimal, claim.postId, user.id);
    publicId = claim.postId;
  }
  let postId: Key;
  const createdAt = nowIso();
  // Its hashtags and the notifications of its mentions are written in its own transaction (decision 047).
  const told = notificationsOfAction(ctx);
  try {
    const mentioned = await mentionedIn(ctx, postData.content);
    const media = await mediaFields(ctx, user.id, postData);
    const workout = postData.workoutId ? await postWorkoutColumns(ctx.db, user.id, postData.workoutId) : undefined;
    postId = await refuseTakenMedia(
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
      ),
    );
  } catch (error) {
    if (key !== undefined) await releasePostKey(ctx.db, user.id, key);
    throw error;
  }
  ctx.fanout.add(postId);
  await told.publish(request.log);
  return postMutationAnswer(ctx, reply, minimal, publicId, user.id);
};
