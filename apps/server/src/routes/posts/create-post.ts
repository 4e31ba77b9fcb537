import crypto from 'node:crypto';
import { postMutationAnswer } from '../../answers/post-answers';
import { afterPostWritten } from '../../conversation/mentions';
import { nowIso } from '../../db/time';
import type { Handler } from '../../http/add-route';
import { mediaFields, refuseTakenMedia } from '../../media/post-media';
import { insertPost } from '../../queries/posts';

export const createPost: Handler<'createPost'> = async ({ body, user, minimal, request, reply }, ctx) => {
  const { postData } = body;
  const publicId = crypto.randomUUID();
  const media = await mediaFields(ctx, user.id, postData);
  const createdAt = nowIso();
  const id = await refuseTakenMedia(
    insertPost(ctx.db, { publicId, authorId: user.id, content: postData.content, createdAt, ...media }),
  );
  await afterPostWritten(ctx, { id, authorId: user.id, content: postData.content, createdAt }, request.log);
  return postMutationAnswer(ctx, reply, minimal, publicId, user.id);
};
