import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { serveMedia } from '../../media/serve';
import { mediaLimitsRoute } from './media-limits';
import { uploadMediaRoute } from './upload-media';

export async function mediaRoutes(app: FastifyInstance, ctx: AppContext) {
  mediaLimitsRoute(app, ctx);
  // Multipart bodies are accepted by the upload route alone: every other route stays JSON-only.
  await app.register(async (uploads) => {
    await uploads.register(fastifyMultipart);
    uploadMediaRoute(uploads, ctx);
  });
  await serveMedia(app, ctx.mediaStore);
}
