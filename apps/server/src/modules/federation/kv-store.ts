import { isDeepStrictEqual } from 'node:util';
import type { KvKey, KvStore, KvStoreListEntry, KvStoreSetOptions } from '@fedify/fedify';
import { sql } from 'kysely';
import type { Db } from '../../db/database';

const encodeKey = (key: KvKey) => JSON.stringify(key);
const expiryOf = (options?: KvStoreSetOptions) =>
  options?.ttl ? Date.now() + options.ttl.total({ unit: 'millisecond' }) : null;

/**
 * Fedify's key-value store (its caches, idempotence records and the like) in the project's own
 * database, on either engine (decision 084). A key is stored as the JSON text of its parts, so a
 * prefix of parts is a prefix of the text minus its closing bracket; an expired entry reads as absent
 * and is deleted when met.
 */
export class DatabaseKvStore implements KvStore {
  constructor(private readonly db: Db) {}

  async get<T = unknown>(key: KvKey): Promise<T | undefined> {
    const row = await this.db.kysely
      .selectFrom('federation_kv')
      .select(['value', 'expires_at'])
      .where('key', '=', encodeKey(key))
      .executeTakeFirst();
    if (!row) return undefined;
    if (row.expires_at !== null && row.expires_at <= Date.now()) {
      await this.delete(key);
      return undefined;
    }
    return JSON.parse(row.value) as T;
  }

  async set(key: KvKey, value: unknown, options?: KvStoreSetOptions): Promise<void> {
    const row = { key: encodeKey(key), value: JSON.stringify(value ?? null), expires_at: expiryOf(options) };
    await this.db.kysely
      .insertInto('federation_kv')
      .values(row)
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: row.value, expires_at: row.expires_at }))
      .execute();
  }

  async delete(key: KvKey): Promise<void> {
    await this.db.kysely.deleteFrom('federation_kv').where('key', '=', encodeKey(key)).execute();
  }

  /** Sets `newValue` only while the entry still holds `expectedValue` (undefined: while it is absent). */
  cas = async (key: KvKey, expectedValue: unknown, newValue: unknown, options?: KvStoreSetOptions) => {
    const encoded = encodeKey(key);
    const value = JSON.stringify(newValue ?? null);
    const expires = expiryOf(options);
    const now = Date.now();
    return this.db.kysely.transaction().execute(async (trx) => {
      let query = trx.selectFrom('federation_kv').select(['value', 'expires_at']).where('key', '=', encoded);
      if (this.db.kind === 'postgres') query = query.forUpdate();
      const row = await query.executeTakeFirst();
      const current = row && (row.expires_at === null || row.expires_at > now) ? JSON.parse(row.value) : undefined;
      if (!isDeepStrictEqual(current, expectedValue)) return false;
      if (row) {
        await trx.updateTable('federation_kv').set({ value, expires_at: expires }).where('key', '=', encoded).execute();
        return true;
      }
      // Absent: whoever inserts first wins; the other finds the key taken.
      const inserted = await trx
        .insertInto('federation_kv')
        .values({ key: encoded, value, expires_at: expires })
        .onConflict((oc) => oc.column('key').doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
    });
  };

  async *list(prefix?: KvKey): AsyncIterable<KvStoreListEntry> {
    const now = Date.now();
    let query = this.db.kysely
      .selectFrom('federation_kv')
      .select(['key', 'value'])
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .orderBy('key');
    if (prefix) {
      const whole = encodeKey(prefix);
      const start = `${whole.slice(0, -1)},`;
      query = query.where((eb) =>
        eb.or([eb('key', '=', whole), eb(sql<string>`substr(key, 1, ${start.length})`, '=', start)]),
      );
    }
    for (const row of await query.execute()) {
      yield { key: JSON.parse(row.key) as KvKey, value: JSON.parse(row.value) };
    }
  }

  /** Removes expired entries (called now and then by the federation's upkeep). */
  async sweep(): Promise<void> {
    await this.db.kysely.deleteFrom('federation_kv').where('expires_at', '<=', Date.now()).execute();
  }
}
