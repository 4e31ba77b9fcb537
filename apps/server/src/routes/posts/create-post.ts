import crypto from 'node:crypto';
import { postMutationAnswer } from '../../answers/post-answers';
import type { Handler } from '../../http/add-route';
import { mediaFields, refuseTakenMedia } from '../../media/post-media';
import { postWorkoutColumns } from '../../queries/post-workouts';
import { insertPost } from '../../queries/posts';

export const createPost: Handler<'createPost'> = async ({ body, user, minimal, reply }, ctx) => {
  const { postData } = body;
  const publicId = crypto.randomUUID();
  const media = await mediaFields(ctx, user.id, postData);
  const workout = postData.workoutId ? await postWorkoutColumns(ctx.db, user.id, postData.workoutId) : undefined;
  await refuseTakenMedia(
    insertPost(ctx.db, { publicId, authorId: user.id, content: postData.content, ...media, workout }),
  );
  return postMutationAnswer(ctx, reply, minimal, publicId, user.id);
};
