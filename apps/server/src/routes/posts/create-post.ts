import crypto from 'node:crypto';
import { postMutationAnswer } from '../../answers/post-answers';
import type { Handler } from '../../http/add-route';
import { mediaFields, refuseTakenMedia } from '../../media/post-media';
import { insertPost } from '../../queries/posts';

export const createPost: Handler<'createPost'> = async ({ body, user, minimal }, ctx) => {
  const { postData } = body;
  const publicId = crypto.randomUUID();
  const media = await mediaFields(ctx, user.id, postData);
  await refuseTakenMedia(insertPost(ctx.db, { publicId, authorId: user.id, content: postData.content, ...media }));
  return postMutationAnswer(ctx, minimal, publicId, user.id);
};
