import crypto from 'node:crypto';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type PgModule from 'pg';

/** Named statements one connection may hold; past it, new texts run unnamed (as before). */
const perConnection = 500;

/**
 * A SELECT (or one begun by WITH: the notifications page's) whose text does not depend on a list's
 * length: the same text comes back, and a plan is worth keeping.
 */
const reusable = (text: string) => /^\s*(select|with)\b/i.test(text) && !/\bin \(\$/i.test(text);

/**
 * The pool as Kysely sees it, running reusable SELECTs as named prepared statements (decision 043):
 * PostgreSQL then parses a text once per connection and, after a few runs, keeps its plan. Kysely
 * sends every query unnamed, so each one was parsed and planned anew, which for the home feed's
 * statement (three unioned parts under the visibility rule's sub-selects) cost more than running it.
 * Statements whose text varies with an IN list's length are left unnamed, and each connection holds
 * at most `perConnection` names, so the connection's memory stays bounded.
 */
export function withNamedStatements(pool: PgModule.Pool): PostgresPool {
  const names = new WeakMap<PgModule.PoolClient, Set<string>>();
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
        if (values.length > 0 && reusable(text)) {
          const name = `s${crypto.createHash('sha1').update(text).digest('base64url')}`;
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
