import { apiErrors, endpoints, uiMessages } from '@spotter/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../errors';
import { removeMedia } from '../../media/remove';
import { findPostRow, updatePost } from '../../queries/posts';
import { postMutationAnswer } from '../answers';
import { addRoute } from '../define';
import { mediaFields, refuseTakenMedia } from './post-fields';

export function editPostRoute(app: FastifyInstance, ctx: AppContext) {
  addRoute(app, ctx, endpoints.editPost, async ({ params, body, user, minimal, request }) => {
    const post = await findPostRow(ctx.db, params.postId);
    if (!post) throw notFound(apiErrors.postNotFound);
    if (post.author_id !== user.id) throw badRequest(apiErrors.cannotEditPost);
    const merged = {
      content: body.postData.content ?? post.content,
      ...(await mediaFields(ctx, user.id, body.postData, post)),
    };
    if (merged.content.trim() === '' && !merged.image) throw badRequest(`postData.content: ${uiMessages.addContent}`);
    const replaced = await refuseTakenMedia(updatePost(ctx.db, post.id, user.id, merged));
    await removeMedia(ctx, replaced, request.log);
    return postMutationAnswer(ctx, minimal, post.id, user.id);
  });
}
