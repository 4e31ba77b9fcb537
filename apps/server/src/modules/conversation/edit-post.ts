import { type EditPostBody, uiMessages } from '@spotter/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { Key } from '../../db/schema';
import { badRequest } from '../../errors';
import { removeMedia } from '../media';
import { notificationsOfAction } from '../notifications';
import { findPostRow, mediaFields, refuseTakenMedia, updatePost } from '../posts';
import { postWorkoutColumns } from '../training';
import { mentionedIn, postSideWrites } from './mentions';

/**
 * An edit of one's own post (with its conversation: its new mentions told, its hashtags indexed, as
 * store-post.ts stores one; hence here, not in posts, whose door this module already uses), as both APIs make it (Spotter's and the Mastodon client API's PUT
 * /statuses/:id, issue 50): what is not sent stays; a post left with no text, photo or workout is
 * refused (400, the spec's words). Answers the post's public id, or who it was not.
 */
export async function editOwnPost(
  ctx: AppContext,
  userId: Key,
  postId: string,
  postData: EditPostBody['postData'],
  log: FastifyBaseLogger,
): Promise<{ edited: string } | 'no-post' | 'not-author'> {
  const post = await findPostRow(ctx.db, postId);
  if (!post) return 'no-post';
  if (post.author_id !== userId) return 'not-author';
  const merged = {
    content: postData.content ?? post.content,
    ...(await mediaFields(ctx, userId, postData, post)),
    visibility: postData.visibility,
    workout:
      postData.workoutId === undefined ? undefined : await postWorkoutColumns(ctx.db, userId, postData.workoutId),
  };
  const workoutId = merged.workout ? merged.workout.id : post.workout_id;
  if (merged.content.trim() === '' && !merged.image && !workoutId)
    throw badRequest(`postData.content: ${uiMessages.addContent}`);
  const wasPrivate = post.visibility === 'private';
  // Its hashtags and the notifications of its new mentions are written in its own transaction (decision 047).
  const told = notificationsOfAction(ctx);
  const mentioned = await mentionedIn(ctx, merged.content);
  const written = { authorId: userId, content: merged.content, createdAt: post.created_at, edited: true };
  const replaced = await refuseTakenMedia(
    updatePost(ctx.db, post.id, userId, merged, wasPrivate, postSideWrites(told, written, mentioned)),
  );
  if (wasPrivate && merged.visibility && merged.visibility !== 'private') ctx.fanout.add(post.id);
  await removeMedia(ctx, replaced, log);
  await told.publish(log);
  ctx.outbox?.postEdited(post.id);
  return { edited: post.public_id };
}
