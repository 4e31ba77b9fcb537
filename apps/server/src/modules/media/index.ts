export { acceptUpload } from './accept-upload';
export { createMediaStore } from './create-store';
export {
  isUnderMediaUrl,
  keyOfMediaUrl,
  mediaRoutePrefix,
  mediaUrl,
  remoteMediaTypes,
  remoteStoreKey,
} from './keys';
export { createMediaLane, type MediaLane } from './lane';
export {
  claimMedia,
  describeMedia,
  detachMedia,
  findMediaByKey,
  findMediaByPublicId,
  MediaUnavailableError,
} from './queries/media';
export { removeMedia } from './remove';
export { mediaFileRoutes, sendMediaFile } from './routes/media-files';
export { scheduleMediaSweep } from './sweep';
export { videoToolsMissing } from './video';
