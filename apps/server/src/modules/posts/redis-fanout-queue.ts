import type { FastifyBaseLogger } from 'fastify';
import type { HomeTimelineConfig } from '../../config';
import type { Db } from '../../db/database';
import type { Key } from '../../db/schema';
import type { AfterFanOut, FanoutQueue } from './fanout-queue';
import { fanOutPost } from './queries/home-timeline';

/**
 * With REDIS_URL: a BullMQ queue on Redis, worked by every app server, so a post made on one server
 * may be fanned out by another. A post's job id is the post's key: queuing it again while it waits
 * adds nothing; a job run twice inserts nothing twice.
 */
export async function redisFanoutQueue(
  db: Db,
  config: HomeTimelineConfig,
  redis: { url: string; prefix: string },
  log: FastifyBaseLogger,
  afterFanOut?: AfterFanOut,
): Promise<FanoutQueue> {
  const { Queue, Worker, QueueEvents } = await import('bullmq');
  const { Redis } = await import('ioredis');
  // BullMQ's blocking worker needs connections of its own that retry forever.
  const connections: InstanceType<typeof Redis>[] = [];
  const connection = () => {
    const made = new Redis(redis.url, { maxRetriesPerRequest: null });
    made.on('error', (error: Error) => log.warn({ err: { message: error.message } }, 'fan-out redis connection error'));
    connections.push(made);
    return made;
  };
  const name = 'fanout';
  const prefix = `${redis.prefix}bull`;
  const queue = new Queue<{ postId: Key }>(name, {
    connection: connection(),
    prefix,
    defaultJobOptions: {
      removeOnComplete: true,
      removeOnFail: 1000,
      attempts: 5,
      backoff: { type: 'exponential', delay: 200 },
    },
  });
  const worker = new Worker<{ postId: Key }>(
    name,
    async (job) => {
      if ((await fanOutPost(db, job.data.postId, config)) && afterFanOut) await afterFanOut(job.data.postId);
    },
    {
      connection: connection(),
      prefix,
      concurrency: 1,
    },
  );
  worker.on('failed', (job, error) => log.error({ err: error, postId: job?.data.postId }, 'fan-out failed'));
  const events = new QueueEvents(name, { connection: connection(), prefix });
  await Promise.all([queue.waitUntilReady(), worker.waitUntilReady(), events.waitUntilReady()]);
  const added = new Set<Promise<unknown>>();
  return {
    add(postId) {
      const job = queue
        .add('post', { postId }, { jobId: `post-${postId}` })
        .then((j) => j.waitUntilFinished(events))
        .catch((error: unknown) => log.warn({ err: error, postId }, 'fan-out job not finished'))
        .finally(() => added.delete(job));
      added.add(job);
    },
    async idle() {
      while (added.size > 0) await Promise.all([...added]);
    },
    async close() {
      await worker.close();
      await events.close();
      await queue.close();
      for (const made of connections) made.disconnect();
    },
  };
}
