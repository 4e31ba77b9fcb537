import { acceptedImageTypes, acceptedVideoTypes, endpoints } from '@spotter/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { addRoute } from '../define';

export function mediaLimitsRoute(app: FastifyInstance, ctx: AppContext) {
  addRoute(app, ctx, endpoints.mediaLimits, async () => ({
    imageMaxBytes: ctx.config.media.maxImageBytes,
    videoMaxBytes: ctx.config.media.maxVideoBytes,
    imageTypes: [...acceptedImageTypes],
    videoTypes: [...acceptedVideoTypes],
  }));
}
