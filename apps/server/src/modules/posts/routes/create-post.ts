import crypto from 'node:crypto';
import { type ClaimInTransaction, idempotencyKeyTables } from '../../../db/idempotency-keys';
import type { Handler } from '../../../http/add-route';
import { idempotencyKeyOf, idempotentCreate } from '../../../http/idempotency-key';
import { storePost } from '../../conversation';
import { postMutationAnswer, requireVisiblePost } from '../post-answers';

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
    await storePost(ctx, user.id, publicId, postData, request.log, claim);
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
