import { apiErrors } from '@spotter/contract';
import type { MediaLane as LaneConfig } from '../../config';
import { HttpError } from '../../errors';

/**
 * The media lane (issue 17, finding 2): image and video work runs here, at most `concurrency` jobs at
 * once, the rest in order behind them. A job finds the queue full, or waits longer than
 * `waitSeconds` for its turn: its upload is refused with 503 and `Retry-After`, and nothing of it is
 * kept. With one job at a time, sharp holds at most one of libuv's four threads and argon2 (at most
 * one hash per core: modules/accounts/password.ts) never waits behind it for a thread (docs/decisions/017).
 */
export interface MediaLane {
  /** Runs `job` in its turn; throws the 503 when the queue is full or the turn does not come in time. */
  run<T>(job: () => Promise<T>): Promise<T>;
  /** Throws the 503 at once when no job could even wait (checked before an upload's body is read). */
  admit(): void;
  readonly running: number;
  readonly waiting: number;
}

interface Waiter {
  start: () => void;
  timer: NodeJS.Timeout;
}

export function createMediaLane(config: LaneConfig): MediaLane {
  let running = 0;
  const queue: Waiter[] = [];
  const busy = () =>
    new HttpError(503, [apiErrors.mediaBusy], {
      'retry-after': String(Math.max(1, Math.ceil(config.waitSeconds / 4))),
    });

  const next = () => {
    const waiter = queue.shift();
    if (!waiter) return;
    clearTimeout(waiter.timer);
    waiter.start();
  };

  const turn = () =>
    new Promise<void>((resolve, reject) => {
      if (running < config.concurrency && queue.length === 0) {
        running += 1;
        return resolve();
      }
      if (queue.length >= config.queueMax) return reject(busy());
      const waiter: Waiter = {
        start: () => {
          running += 1;
          resolve();
        },
        timer: setTimeout(() => {
          queue.splice(queue.indexOf(waiter), 1);
          reject(busy());
        }, config.waitSeconds * 1000),
      };
      queue.push(waiter);
    });

  return {
    async run(job) {
      await turn();
      try {
        return await job();
      } finally {
        running -= 1;
        next();
      }
    },
    admit() {
      if (running >= config.concurrency && queue.length >= config.queueMax) throw busy();
    },
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
  };
}
