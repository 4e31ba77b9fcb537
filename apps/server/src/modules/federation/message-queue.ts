import type { MessageQueue, MessageQueueEnqueueOptions, MessageQueueListenOptions } from '@fedify/fedify';
import { sql } from 'kysely';
import type { Db } from '../../db/database';

export interface DatabaseMessageQueueOptions {
  /** Which of the table's queues this is (decision 107): 'inbox' or 'outbox' (the default). */
  queue?: string;
  /** How often an idle listener looks for messages another server (or a delay) made due. */
  pollMs?: number;
  /** A message taken this long ago and not finished (its server stopped) is handed out again. */
  leaseMs?: number;
  /** Told of a handler's failure; the queue goes on with the next message (Fedify retries its own). */
  onError?: (error: unknown) => void;
}

const delayOf = (options?: MessageQueueEnqueueOptions) =>
  options?.delay ? Math.max(0, options.delay.total({ unit: 'millisecond' })) : 0;

/**
 * Fedify's message queues in the project's own database, on either engine (decision 084): one table,
 * a column naming each message's queue (`inbox` or `outbox`, decision 107), each queue its own
 * instance and listener. A message is a row until its handler has run: a listener takes the oldest due row
 * whose ordering key has no older row (so one key's messages run one at a time, in order), runs it,
 * and deletes it. Taking is one conditional UPDATE, so two servers never take the same row; a row
 * whose taker stopped is taken again after the lease. Retries are Fedify's own (it enqueues again
 * with a delay), so `nativeRetrial` is false.
 */
export class DatabaseMessageQueue implements MessageQueue {
  readonly nativeRetrial = false;
  readonly #db: Db;
  readonly #queue: string;
  readonly #pollMs: number;
  readonly #leaseMs: number;
  readonly #wakers = new Set<() => void>();
  readonly #onError: (error: unknown) => void;

  constructor(db: Db, options: DatabaseMessageQueueOptions = {}) {
    this.#db = db;
    this.#queue = options.queue ?? 'outbox';
    this.#pollMs = options.pollMs ?? 1_000;
    this.#leaseMs = options.leaseMs ?? 10 * 60_000;
    this.#onError = options.onError ?? (() => {});
  }

  async enqueue(message: unknown, options?: MessageQueueEnqueueOptions): Promise<void> {
    await this.enqueueMany([message], options);
  }

  enqueueMany = async (messages: readonly unknown[], options?: MessageQueueEnqueueOptions): Promise<void> => {
    if (messages.length === 0) return;
    const deliverAt = Date.now() + delayOf(options);
    await this.#db.kysely
      .insertInto('federation_messages')
      .values(
        messages.map((message) => ({
          message: JSON.stringify(message),
          queue: this.#queue,
          ordering_key: options?.orderingKey ?? null,
          deliver_at: deliverAt,
          taken_at: null,
        })),
      )
      .execute();
    for (const wake of this.#wakers) wake();
  };

  async listen(handler: (message: unknown) => Promise<void> | void, options: MessageQueueListenOptions = {}) {
    const { signal } = options;
    while (!signal?.aborted) {
      const taken = await this.#take();
      if (!taken) {
        await this.#idle(signal);
        continue;
      }
      try {
        await handler(JSON.parse(taken.message));
      } catch (error) {
        this.#onError(error);
      } finally {
        await this.#db.kysely.deleteFrom('federation_messages').where('id', '=', taken.id).execute();
      }
    }
  }

  /** Messages not yet handled, for tests and the admin's view. */
  async getDepth() {
    const now = Date.now();
    const row = await this.#db.kysely
      .selectFrom('federation_messages')
      .where('queue', '=', this.#queue)
      .select((eb) => [
        eb.fn.countAll<number>().as('queued'),
        eb.fn.sum<number>(eb.case().when('deliver_at', '<=', now).then(1).else(0).end()).as('ready'),
      ])
      .executeTakeFirstOrThrow();
    const queued = Number(row.queued);
    const ready = Number(row.ready ?? 0);
    return { queued, ready, delayed: queued - ready };
  }

  async #take(): Promise<{ id: number; message: string } | undefined> {
    const now = Date.now();
    const stale = now - this.#leaseMs;
    // The oldest due message that is free, whose ordering key has no older message still waiting or running.
    const next = sql<number>`(select c.id from federation_messages c
      where c.queue = ${this.#queue} and c.deliver_at <= ${now} and (c.taken_at is null or c.taken_at < ${stale})
        and (c.ordering_key is null or not exists (
          select 1 from federation_messages o where o.ordering_key = c.ordering_key and o.id < c.id))
      order by c.deliver_at, c.id limit 1)`;
    const row = await this.#db.kysely
      .updateTable('federation_messages')
      .set({ taken_at: now })
      .where('id', '=', next)
      .where((eb) => eb.or([eb('taken_at', 'is', null), eb('taken_at', '<', stale)]))
      .returning(['id', 'message'])
      .executeTakeFirst();
    return row;
  }

  /** Waits for the poll interval, a local enqueue, or the end of listening. */
  #idle(signal: AbortSignal | undefined): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#wakers.delete(done);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, this.#pollMs);
      this.#wakers.add(done);
      signal?.addEventListener('abort', done, { once: true });
    });
  }
}
