import crypto from 'node:crypto';
import { postMutationAnswer } from '../../answers/post-answers';
import type { Handler } from '../../http/add-route';
import { mediaFields, refuseTakenMedia } from '../../media/post-media';
import { insertPost } from '../../queries/posts';

export const createPost: Handler<'createPost'> = async ({ body, user, minimal, reply }, ctx) => {
  const { postData } = body;
  const publicId = crypto.randomUUID();
  const media = await mediaFields(ctx, user.id, postData);
  const postId = await refuseTakenMedia(
    insertPost(ctx.db, { publicId, authorId: user.id, content: postData.content, ...media }),
  );
  ctx.fanout.add(postId);
  return postMutationAnswer(ctx, reply, minimal, publicId, user.id);
};
