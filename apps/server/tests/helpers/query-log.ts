import type { KyselyPlugin } from 'kysely';
import type { Db } from '../../src/db/database';

export interface LoggedQuery {
  sql: string;
  parameters: readonly unknown[];
}

export interface QueryLog {
  /** The same database, every query of which is recorded. */
  db: Db;
  /** The queries recorded since the last call, oldest first. */
  take(): LoggedQuery[];
}

/**
 * Records the SQL and parameters of every query the app runs (transactions included: they inherit
 * the plugin), to count queries per request and to EXPLAIN them.
 */
export function recordQueries(db: Db): QueryLog {
  let queries: LoggedQuery[] = [];
  const executor = db.kysely.getExecutor();
  const recorder: KyselyPlugin = {
    transformQuery({ node, queryId }) {
      const compiled = executor.compileQuery(node, queryId);
      queries.push({ sql: compiled.sql, parameters: compiled.parameters });
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return {
    db: { ...db, kysely: db.kysely.withPlugin(recorder) },
    take() {
      const taken = queries;
      queries = [];
      return taken;
    },
  };
}
