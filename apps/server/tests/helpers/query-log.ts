import type { Kysely, KyselyPlugin } from 'kysely';
import type { Db } from '../../src/db/database';
import type { DatabaseSchema } from '../../src/db/schema';

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
  // Queries compiled once and run with new values (src/db/prepared.ts) come in compiled, and
  // skip plugins: they are recorded where they are run, on the database, on its generic-plans pool
  // (PostgreSQL: db/generic-plans.ts runs the notifications reads there) or in a transaction begun
  // by `transaction().execute`.
  const recordCompiled = (on: Kysely<DatabaseSchema>) => {
    const execute = on.executeQuery.bind(on);
    on.executeQuery = ((query: Parameters<typeof execute>[0]) => {
      if (!('toOperationNode' in query) && !('compile' in query)) {
        queries.push({ sql: query.sql, parameters: query.parameters });
      }
      return execute(query);
    }) as typeof on.executeQuery;
  };
  recordCompiled(kysely);
  const genericPlans = db.genericPlans?.withPlugin(recorder);
  if (genericPlans) recordCompiled(genericPlans);
  const transaction = kysely.transaction.bind(kysely);
  kysely.transaction = () => {
    const builder = transaction();
    const execute = builder.execute.bind(builder);
    builder.execute = (callback) =>
      execute((trx) => {
        recordCompiled(trx);
        return callback(trx);
      });
    return builder;
  };
  return {
    db: { ...db, kysely, genericPlans },
    take() {
      const taken = queries;
      queries = [];
      return taken;
    },
  };
}
