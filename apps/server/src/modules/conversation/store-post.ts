import type { CreatePostBody } from '@spotter/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { ClaimInTransaction } from '../../db/idempotency-keys';
import type { Key } from '../../db/schema';
import { nowIso } from '../../db/time';
import { notificationsOfAction } from '../notifications';
import { insertPost, mediaFields, refuseTakenMedia } from '../posts';
import { postWorkoutColumns } from '../training';
import { mentionedIn, postSideWrites } from './mentions';

/**
 * Stores a new post with its conversation (its mentions told, its hashtags indexed: this module's
 * part, hence here and not in posts, whose door this one already uses), as both APIs make one (Spotter's POST /api/posts and the client API's
 * POST /api/v1/statuses, issue 50): its hashtags and the notifications of its mentions in its own
 * transaction (decision 047), then the fan-out to home timelines and the notifications published.
 */
export async function storePost(
  ctx: AppContext,
  authorId: Key,
  publicId: string,
  postData: CreatePostBody['postData'],
  log: FastifyBaseLogger,
  claim?: ClaimInTransaction,
): Promise<void> {
  const createdAt = nowIso();
  const told = notificationsOfAction(ctx);
  const mentioned = await mentionedIn(ctx, postData.content);
  const media = await mediaFields(ctx, authorId, postData);
  const workout = postData.workoutId ? await postWorkoutColumns(ctx.db, authorId, postData.workoutId) : undefined;
  const postId: Key = await refuseTakenMedia(
    insertPost(
      ctx.db,
      {
        publicId,
        authorId,
        content: postData.content,
        createdAt,
        ...media,
        workout,
        visibility: postData.visibility,
      },
      postSideWrites(told, { authorId, content: postData.content, createdAt, edited: false }, mentioned),
      claim,
    ),
  );
  ctx.fanout.add(postId);
  ctx.outbox?.postCreated(postId);
  await told.publish(log);
}
