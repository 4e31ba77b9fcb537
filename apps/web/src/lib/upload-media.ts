import { routes } from '@spotter/contract';
import { call } from './api-client';

/** Sends one photo or video, reporting progress (0 to 1); aborting the signal cancels it. */
export const uploadMedia = (file: File, onProgress: (fraction: number) => void, signal: AbortSignal) =>
  call(routes.uploadMedia, { file, onProgress, signal }).then(({ media }) => media);
