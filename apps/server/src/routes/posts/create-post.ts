import crypto from 'node:crypto';
import { endpoints } from '@spotter/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { insertPost } from '../../queries/posts';
import { postMutationAnswer } from '../answers';
import { addRoute } from '../define';
import { mediaFields, refuseTakenMedia } from './post-fields';

export function createPostRoute(app: FastifyInstance, ctx: AppContext) {
  addRoute(app, ctx, endpoints.createPost, async ({ body, user, minimal }) => {
    const { postData } = body;
    const id = crypto.randomUUID();
    const media = await mediaFields(ctx, user.id, postData);
    await refuseTakenMedia(insertPost(ctx.db, { id, authorId: user.id, content: postData.content, ...media }));
    return postMutationAnswer(ctx, minimal, id, user.id);
  });
}
