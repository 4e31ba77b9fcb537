import { z } from 'zod';
import { mediaTypes } from '../constants';

/** An uploaded file, cleaned and stored (SPEC's image field of a post holds its url). */
export const mediaSchema = z.object({
  url: z.string(),
  type: z.enum(mediaTypes),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
});
export type Media = z.infer<typeof mediaSchema>;

export const mediaResponseSchema = z.object({ media: mediaSchema });

/** What the server accepts, so the composer can refuse a file before sending it. */
export const mediaLimitsSchema = z.object({
  imageMaxBytes: z.number().int(),
  videoMaxBytes: z.number().int(),
  /** MIME types the picker offers; the server decides by the file's bytes, never by these. */
  imageTypes: z.array(z.string()),
  videoTypes: z.array(z.string()),
  /** The kinds this server takes now: video needs ffmpeg on the server, photos are always on. */
  kinds: z.array(z.enum(mediaTypes)),
});
export type MediaLimits = z.infer<typeof mediaLimitsSchema>;
