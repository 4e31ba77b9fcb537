import type { WorkLaneConfig } from '../config';
import { HttpError } from '../errors';

/**
 * A bounded lane of heavy jobs (issue 17, finding 2; issue 45, finding 3): at most `concurrency` jobs
 * run at once, the rest wait in order behind them. A job that finds the queue full, or waits longer
 * than `waitSeconds` for its turn, is refused with 503, `Retry-After` and the lane's message, before
 * anything of it is kept. The media lane (image and video work) and the import lane (CSV imports) are
 * two of these, so neither kind of work can crowd out logins and reads, nor each other.
 */
export interface WorkLane {
  /** Runs `job` in its turn; throws the 503 when the queue is full or the turn does not come in time. */
  run<T>(job: () => Promise<T>): Promise<T>;
  /** Throws the 503 at once when no job could even wait (checked before a request's body is read). */
  admit(): void;
  readonly running: number;
  readonly waiting: number;
}

interface Waiter {
  start: () => void;
  timer: NodeJS.Timeout;
}

/** A lane whose refusals say `busyMessage`. */
export function createWorkLane(config: WorkLaneConfig, busyMessage: string): WorkLane {
  let running = 0;
  const queue: Waiter[] = [];
  const busy = () =>
    new HttpError(503, [busyMessage], {
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
