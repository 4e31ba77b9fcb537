import { apiErrors } from '@spotter/contract';
import { notFound } from '../../errors';
import type { Handler } from '../../http/add-route';
import { postById } from '../../queries/posts';

export const getPost: Handler<'getPost'> = async ({ params, user }, ctx) => {
  const post = await postById(ctx.db, params.postId, user?.id);
  if (!post) throw notFound(apiErrors.postNotFound);
  return { post };
};
