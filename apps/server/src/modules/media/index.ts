export { createMediaStore } from './create-store';
export { isUnderMediaUrl, keyOfMediaUrl, mediaRoutePrefix } from './keys';
export { createMediaLane, type MediaLane } from './lane';
export { claimMedia, detachMedia, findMediaByKey, MediaUnavailableError } from './queries/media';
export { removeMedia } from './remove';
export { mediaFileRoutes } from './routes/media-files';
export { scheduleMediaSweep } from './sweep';
export { videoToolsMissing } from './video';
