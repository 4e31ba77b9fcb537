import { apiErrors, endpoints, uiMessages } from '@spotter/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../errors';
import { findPostRow, updatePost } from '../../queries/posts';
import { postMutationAnswer } from '../answers';
import { addRoute } from '../define';
import { mediaFields } from './post-fields';

export function editPostRoute(app: FastifyInstance, ctx: AppContext) {
  addRoute(app, ctx, endpoints.editPost, async ({ params, body, user, minimal }) => {
    const post = await findPostRow(ctx.db, params.postId);
    if (!post) throw notFound(apiErrors.postNotFound);
    if (post.author_id !== user.id) throw badRequest(apiErrors.cannotEditPost);
    const current = { content: post.content, image: post.image, mediaType: post.media_type, alt: post.alt };
    const merged = { content: body.postData.content ?? post.content, ...mediaFields(body.postData, current) };
    if (merged.content.trim() === '' && !merged.image) throw badRequest(`postData.content: ${uiMessages.addContent}`);
    await updatePost(ctx.db, post.id, merged);
    return postMutationAnswer(ctx, minimal, post.id, user.id);
  });
}
