import {
  acceptedImageTypes,
  acceptedVideoTypes,
  defaultMediaLimitsMb,
  type MediaLimits,
  routes,
} from '@spotter/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './api-client';

const mb = 1024 * 1024;

/** The server's defaults, used until (or if) GET /api/media/limits answers. */
export const defaultMediaLimits: MediaLimits = {
  imageMaxBytes: defaultMediaLimitsMb.image * mb,
  videoMaxBytes: defaultMediaLimitsMb.video * mb,
  imageTypes: [...acceptedImageTypes],
  videoTypes: [...acceptedVideoTypes],
  kinds: ['image', 'video'],
};

/**
 * The server's limits; an answer of another shape (an older server) leaves the defaults in place,
 * and one that does not say which kinds it takes (older than optional video) takes both.
 */
export async function getMediaLimits(signal?: AbortSignal): Promise<MediaLimits> {
  // Checked field by field: an older server may answer another shape.
  const limits: Partial<MediaLimits> | undefined = await call(routes.mediaLimits, { signal });
  const valid =
    typeof limits?.imageMaxBytes === 'number' &&
    typeof limits.videoMaxBytes === 'number' &&
    Array.isArray(limits.imageTypes) &&
    Array.isArray(limits.videoTypes);
  if (!valid) return defaultMediaLimits;
  return { ...(limits as MediaLimits), kinds: Array.isArray(limits.kinds) ? limits.kinds : defaultMediaLimits.kinds };
}

export const mediaLimitsOptions = () =>
  queryOptions({
    queryKey: ['media', 'limits'],
    queryFn: ({ signal }) => getMediaLimits(signal),
    staleTime: Infinity,
    retry: false,
  });

export function useMediaLimits(): MediaLimits {
  const { data } = useQuery(mediaLimitsOptions());
  return data ?? defaultMediaLimits;
}
