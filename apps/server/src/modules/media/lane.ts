import { apiErrors } from '@spotter/contract';
import type { MediaLane as LaneConfig } from '../../config';
import { createWorkLane, type WorkLane } from '../../http/work-lane';

/**
 * The media lane (issue 17, finding 2): image and video work runs here, at most `concurrency` jobs at
 * once, the rest in order behind them. A job finds the queue full, or waits longer than
 * `waitSeconds` for its turn: its upload is refused with 503 and `Retry-After`, and nothing of it is
 * kept. With one job at a time, sharp holds at most one of libuv's four threads and argon2 (at most
 * one hash per core: modules/accounts/password.ts) never waits behind it for a thread (docs/decisions/017).
 * The lane itself is http/work-lane.ts, which CSV imports use too (issue 45, finding 3).
 */
export type MediaLane = WorkLane;

export function createMediaLane(config: LaneConfig): MediaLane {
  return createWorkLane(config, apiErrors.mediaBusy);
}
