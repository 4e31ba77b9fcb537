import { endpoints } from '@spotter/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { acceptUpload } from '../../media/accept-upload';
import { addRoute } from '../define';

/** A refusal before the body has ended (too large, wrong type) closes the connection: http/lingering-close.ts. */
export function uploadMediaRoute(app: FastifyInstance, ctx: AppContext) {
  addRoute(app, ctx, endpoints.uploadMedia, async ({ user, request }) => ({
    media: await acceptUpload(ctx, request, user.id),
  }));
}
