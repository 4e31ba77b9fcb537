import { endpoints } from '@spotter/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { acceptUpload } from '../../media/accept-upload';
import { addRoute } from '../define';

export function uploadMediaRoute(app: FastifyInstance, ctx: AppContext) {
  addRoute(app, ctx, endpoints.uploadMedia, async ({ user, request }) => ({
    media: await acceptUpload(ctx, request, user.id),
  }));
}
