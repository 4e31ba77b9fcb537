import type { FastifyBaseLogger } from 'fastify';
import type { HomeTimelineConfig } from '../../config';
import type { Db } from '../../db/database';
import type { Key } from '../../db/schema';
import { fanOutPost, pendingFanouts } from './queries/home-timeline';

/**
 * Where new posts wait for their fan-out to followers' timelines (modules/posts/queries/home-timeline.ts), run
 * after the answer is sent. Until a post's job has run, home reads merge it from fanout_pending, so
 * a slow or lost job delays work, never changes a feed.
 */
export interface FanoutQueue {
  /** Queues a post's fan-out (idempotent: queuing a post twice does it once or harmlessly twice). */
  add(postId: Key): void;
  /** Resolves when every job queued so far (in this process) has run: for tests and shutdown. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** The jobs left pending by a stop before they ran, queued again at start. */
const recoverAtStart = 10_000;

/**
 * Run after a post went into its followers' timelines (the app tells their open streams, issue 47);
 * not for an author merged at read time, whose followers may be too many to tell one by one.
 */
export type AfterFanOut = (postId: Key) => Promise<void>;

/** The default: one job at a time in this process, in the order queued. */
export function localFanoutQueue(
  db: Db,
  config: HomeTimelineConfig,
  log: FastifyBaseLogger,
  afterFanOut?: AfterFanOut,
): FanoutQueue {
  const waiting: Key[] = [];
  let running: Promise<void> | undefined;
  let closed = false;
  const drain = async () => {
    for (let postId = waiting.shift(); postId !== undefined; postId = waiting.shift()) {
      try {
        if ((await fanOutPost(db, postId, config)) && afterFanOut) await afterFanOut(postId);
      } catch (error) {
        log.error({ err: error, postId }, 'fan-out failed; the post stays merged at read time until the next start');
      }
    }
    running = undefined;
  };
  const queue: FanoutQueue = {
    add(postId) {
      if (closed) return;
      waiting.push(postId);
      // setImmediate: after the answer of the request that queued it has been written.
      running ??= new Promise<void>((resolve) => setImmediate(resolve)).then(drain);
    },
    async idle() {
      while (running) await running;
    },
    async close() {
      closed = true;
      await queue.idle();
    },
  };
  return queue;
}

/** Queues the posts that a previous run left pending. */
export async function recoverPending(db: Db, queue: FanoutQueue): Promise<void> {
  for (const postId of await pendingFanouts(db, recoverAtStart)) queue.add(postId);
}
