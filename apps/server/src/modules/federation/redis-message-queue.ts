import type { MessageQueue, MessageQueueEnqueueOptions, MessageQueueListenOptions } from '@fedify/fedify';
import type { Job, Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';

interface Carried {
  message: unknown;
}

const delayOf = (options?: MessageQueueEnqueueOptions) =>
  options?.delay ? Math.max(0, Math.round(options.delay.total({ unit: 'millisecond' }))) : 0;

/**
 * With REDIS_URL: Fedify's message queue on BullMQ (decision 084), worked by every app server; a
 * job runs on one of them. Delays are BullMQ's delayed jobs; retries are Fedify's own. Ordering keys
 * are not kept (BullMQ groups them only in its paid edition): Spotter sends none.
 */
export class RedisMessageQueue implements MessageQueue {
  readonly nativeRetrial = false;
  readonly #queue: Queue<Carried>;
  readonly #connection: () => Redis;
  readonly #closers: (() => Promise<void>)[] = [];
  readonly #workerClass: typeof Worker;
  readonly #name: string;
  readonly #prefix: string;
  readonly #onError: (error: unknown) => void;

  private constructor(
    parts: { queue: Queue<Carried>; connection: () => Redis; workerClass: typeof Worker },
    name: string,
    prefix: string,
    onError: (error: unknown) => void,
  ) {
    this.#queue = parts.queue;
    this.#connection = parts.connection;
    this.#workerClass = parts.workerClass;
    this.#name = name;
    this.#prefix = prefix;
    this.#onError = onError;
  }

  static async open(
    redis: { url: string; prefix: string },
    options: { name?: string; onError?: (error: unknown) => void } = {},
  ): Promise<RedisMessageQueue> {
    const { Queue: QueueClass, Worker: WorkerClass } = await import('bullmq');
    const { Redis: RedisClass } = await import('ioredis');
    const connections: Redis[] = [];
    const onError = options.onError ?? (() => {});
    const connection = () => {
      // BullMQ's blocking worker needs connections of its own that retry forever.
      const made = new RedisClass(redis.url, { maxRetriesPerRequest: null });
      made.on('error', onError);
      connections.push(made);
      return made;
    };
    const name = options.name ?? 'federation';
    const prefix = `${redis.prefix}bull`;
    const queue = new QueueClass<Carried>(name, {
      connection: connection(),
      prefix,
      defaultJobOptions: { removeOnComplete: true, removeOnFail: 1000 },
    });
    await queue.waitUntilReady();
    const made = new RedisMessageQueue({ queue, connection, workerClass: WorkerClass }, name, prefix, onError);
    made.#closers.push(async () => {
      await queue.close();
      for (const c of connections) c.disconnect();
    });
    return made;
  }

  async enqueue(message: unknown, options?: MessageQueueEnqueueOptions): Promise<void> {
    await this.#queue.add('message', { message }, { delay: delayOf(options) });
  }

  enqueueMany = async (messages: readonly unknown[], options?: MessageQueueEnqueueOptions): Promise<void> => {
    const delay = delayOf(options);
    await this.#queue.addBulk(messages.map((message) => ({ name: 'message', data: { message }, opts: { delay } })));
  };

  async listen(handler: (message: unknown) => Promise<void> | void, options: MessageQueueListenOptions = {}) {
    if (options.signal?.aborted) return;
    const worker = new this.#workerClass<Carried>(
      this.#name,
      async (job: Job<Carried>) => {
        try {
          await handler(job.data.message);
        } catch (error) {
          this.#onError(error);
        }
      },
      { connection: this.#connection(), prefix: this.#prefix, concurrency: 1 },
    );
    worker.on('error', this.#onError);
    await worker.waitUntilReady();
    await new Promise<void>((resolve) => options.signal?.addEventListener('abort', () => resolve(), { once: true }));
    await worker.close();
  }

  /** Closes the queue and its connections (after every listener has stopped). */
  async close(): Promise<void> {
    for (const close of this.#closers) await close();
  }
}
