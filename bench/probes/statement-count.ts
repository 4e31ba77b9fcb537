import type { Db } from '../../apps/server/src/db/database';

/**
 * The database with a counter of the statements sent through it (every query's result passes the
 * plugins; begin and commit do not): what a call costs in round trips, beside its CPU.
 */
export function countingStatements(opened: Db): { db: Db; sent: () => number } {
  let statements = 0;
  const db = {
    ...opened,
    kysely: opened.kysely.withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        statements += 1;
        return args.result;
      },
    }),
  };
  return { db, sent: () => statements };
}
