import crypto from 'node:crypto';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import { LRUCache } from 'lru-cache';
import type PgModule from 'pg';

/** Named statements one connection may hold; past it, new texts run unnamed (as before). */
const perConnection = 500;

/**
 * Beyond this many values a statement runs unnamed: an import's inserts of 500 rows (thousands of
 * values, a row count that rarely comes back) would each keep a large plan on the connection.
 */
const maxNamedValues = 1_000;

/**
 * A SELECT, INSERT, UPDATE or DELETE (or one begun by WITH: the notifications page's) whose text does
 * not depend on a list's length: the same text comes back, and its parse and plan are worth keeping.
 * Writes were sent unnamed until decision 053: a like's seven writes were parsed and planned on every
 * run, a large share of PostgreSQL's time for a like (decision 053 has the measurement). A many-row
 * insert's text follows its row count (db/prepared-rows.ts, at most 64 shapes a table), so it is named
 * too, within `perConnection`.
 */
const reusable = (text: string) => /^\s*(select|with|insert|update|delete)\b/i.test(text) && !/\bin \(\$/i.test(text);

/**
 * The pool as Kysely sees it, running reusable statements as named prepared statements (SELECTs,
 * decision 043; writes, decision 053):
 * PostgreSQL then parses a text once per connection and, after a few runs, keeps its plan. Kysely
 * sends every query unnamed, so each one was parsed and planned anew, which for the home feed's
 * statement (three unioned parts under the visibility rule's sub-selects) cost more than running it.
 * Statements whose text varies with an IN list's length are left unnamed, and each connection holds
 * at most `perConnection` names, so the connection's memory stays bounded.
 */
export function withNamedStatements(pool: PgModule.Pool): PostgresPool {
  const names = new WeakMap<PgModule.PoolClient, Set<string>>();
  // A text's name ('' when it is not reusable), worked out once: hashing a page's statement of a few
  // kilobytes and testing it by regular expression on every query showed in a feed page's CPU profile
  // on PostgreSQL; a lookup costs next to nothing (docs/performance-log.md, "The notifications page on
  // PostgreSQL: planned once", 2026-11-25).
  const nameOfText = new LRUCache<string, string>({ max: 1_000 });
  const nameOf = (text: string) => {
    let name = nameOfText.get(text);
    if (name === undefined) {
      name = reusable(text) ? `s${crypto.createHash('sha1').update(text).digest('base64url')}` : '';
      nameOfText.set(text, name);
    }
    return name;
  };
  return {
    async connect() {
      const client = await pool.connect();
      let held = names.get(client);
      if (!held) {
        held = new Set();
        names.set(client, held);
      }
      const own = held;
      const query = (text: string, values: readonly unknown[]) => {
        const name = values.length > 0 && values.length <= maxNamedValues ? nameOf(text) : '';
        if (name !== '') {
          if (own.has(name) || own.size < perConnection) {
            own.add(name);
            return client.query({ name, text, values: [...values] });
          }
        }
        return client.query(text, [...values]);
      };
      return { query, release: () => client.release() } as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}
