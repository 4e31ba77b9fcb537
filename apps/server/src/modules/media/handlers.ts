import type { RouteHandlers } from '../../http/add-route';
import { mediaLimits } from './routes/media-limits';
import { uploadMedia } from './routes/upload-media';

/** The handlers of the media module's routes, for the registry (http/handlers.ts). */
export const mediaHandlers = {
  mediaLimits,
  uploadMedia,
} satisfies RouteHandlers;
