import { endpoints } from '@spotter/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { acceptUpload } from '../../media/accept-upload';
import { addRoute } from '../define';

export function uploadMediaRoute(app: FastifyInstance, ctx: AppContext) {
  addRoute(app, ctx, endpoints.uploadMedia, async ({ user, request, reply }) => {
    try {
      return { media: await acceptUpload(ctx, request, user.id) };
    } catch (error) {
      // Refused before the body ended (too large, wrong type): close the connection after the
      // answer, or the client goes on sending the rest and the socket stays busy.
      if (!request.raw.complete) reply.header('connection', 'close');
      throw error;
    }
  });
}
