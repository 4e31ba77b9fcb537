import {
  acceptedImageTypes,
  acceptedVideoTypes,
  defaultMediaLimitsMb,
  endpoints,
  type MediaLimits,
} from '@spotter/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const mb = 1024 * 1024;

/** The server's defaults, used until (or if) GET /api/media/limits answers. */
export const defaultMediaLimits: MediaLimits = {
  imageMaxBytes: defaultMediaLimitsMb.image * mb,
  videoMaxBytes: defaultMediaLimitsMb.video * mb,
  imageTypes: [...acceptedImageTypes],
  videoTypes: [...acceptedVideoTypes],
};

export const getMediaLimits = (signal?: AbortSignal) => api<MediaLimits>(endpoints.mediaLimits.path, { signal });

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
