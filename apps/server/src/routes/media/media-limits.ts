import { acceptedImageTypes, acceptedVideoTypes, endpoints, type MediaType } from '@spotter/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { addRoute } from '../define';

export function mediaLimitsRoute(app: FastifyInstance, ctx: AppContext) {
  const kinds: MediaType[] = ctx.videoUploads ? ['image', 'video'] : ['image'];
  addRoute(app, ctx, endpoints.mediaLimits, async () => ({
    imageMaxBytes: ctx.config.media.maxImageBytes,
    videoMaxBytes: ctx.config.media.maxVideoBytes,
    imageTypes: [...acceptedImageTypes],
    videoTypes: [...acceptedVideoTypes],
    kinds,
  }));
}
