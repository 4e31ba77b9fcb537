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
  // Subqueries are transformed too, but only executed queries come back with a result.
  const compiled = new WeakMap<object, LoggedQuery>();
  const recorder: KyselyPlugin = {
    transformQuery({ node, queryId }) {
      const query = executor.compileQuery(node, queryId);
      compiled.set(queryId, { sql: query.sql, parameters: query.parameters });
      return node;
    },
    async transformResult({ result, queryId }) {
      const query = compiled.get(queryId);
      if (query) queries.push(query);
      return result;
    },
  };
  const kysely = db.kysely.withPlugin(recorder);
  // Queries compiled once and run with new values (src/queries/prepared.ts) come in compiled.
  const execute = kysely.executeQuery.bind(kysely);
  kysely.executeQuery = ((query: Parameters<typeof execute>[0]) => {
    if (!('toOperationNode' in query) && !('compile' in query)) {
      queries.push({ sql: query.sql, parameters: query.parameters });
    }
    return execute(query);
  }) as typeof kysely.executeQuery;
  return {
    db: { ...db, kysely },
    take() {
      const taken = queries;
      queries = [];
      return taken;
    },
  };
}
