import { apiErrors, uiMessages } from '@spotter/contract';
import { badRequest, notFound } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { mentionedIn, postSideWrites } from '../../conversation';
import { removeMedia } from '../../media';
import { notificationsOfAction } from '../../notifications';
import { postWorkoutColumns } from '../../training';
import { postMutationAnswer } from '../post-answers';
import { mediaFields, refuseTakenMedia } from '../post-media';
import { findPostRow, updatePost } from '../queries/posts';

export const editPost: Handler<'editPost'> = async ({ params, body, user, minimal, request, reply }, ctx) => {
  const post = await findPostRow(ctx.db, params.postId);
  if (!post) throw notFound(apiErrors.postNotFound);
  if (post.author_id !== user.id) throw badRequest(apiErrors.cannotEditPost);
  const merged = {
    content: body.postData.content ?? post.content,
    ...(await mediaFields(ctx, user.id, body.postData, post)),
    visibility: body.postData.visibility,
    workout:
      body.postData.workoutId === undefined
        ? undefined
        : await postWorkoutColumns(ctx.db, user.id, body.postData.workoutId),
  };
  const workoutId = merged.workout ? merged.workout.id : post.workout_id;
  if (merged.content.trim() === '' && !merged.image && !workoutId)
    throw badRequest(`postData.content: ${uiMessages.addContent}`);
  const wasPrivate = post.visibility === 'private';
  // Its hashtags and the notifications of its new mentions are written in its own transaction (decision 047).
  const told = notificationsOfAction(ctx);
  const mentioned = await mentionedIn(ctx, merged.content);
  const written = { authorId: user.id, content: merged.content, createdAt: post.created_at, edited: true };
  const replaced = await refuseTakenMedia(
    updatePost(ctx.db, post.id, user.id, merged, wasPrivate, postSideWrites(told, written, mentioned)),
  );
  if (wasPrivate && merged.visibility && merged.visibility !== 'private') ctx.fanout.add(post.id);
  await removeMedia(ctx, replaced, request.log);
  await told.publish(request.log);
  ctx.outbox?.postEdited(post.id);
  return postMutationAnswer(ctx, reply, minimal, post.public_id, user.id);
};
