import { apiErrors } from '@spotter/contract';
import { badRequest, notFound } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { editOwnPost } from '../../conversation';
import { postMutationAnswer } from '../post-answers';

export const editPost: Handler<'editPost'> = async ({ params, body, user, minimal, request, reply }, ctx) => {
  const outcome = await editOwnPost(ctx, user.id, params.postId, body.postData, request.log);
  if (outcome === 'no-post') throw notFound(apiErrors.postNotFound);
  if (outcome === 'not-author') throw badRequest(apiErrors.cannotEditPost);
  return postMutationAnswer(ctx, reply, minimal, outcome.edited, user.id);
};
