import { acceptedImageTypes, acceptedVideoTypes } from '@spotter/contract';
import type { Handler } from '../../../http/add-route';

export const mediaLimits: Handler<'mediaLimits'> = async (_input, ctx) => ({
  imageMaxBytes: ctx.config.media.maxImageBytes,
  videoMaxBytes: ctx.config.media.maxVideoBytes,
  imageTypes: [...acceptedImageTypes],
  videoTypes: [...acceptedVideoTypes],
  kinds: ctx.videoUploads ? ['image', 'video'] : ['image'],
});
