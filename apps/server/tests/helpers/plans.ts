import { CompiledQuery, sql } from 'kysely';
import type { Db } from '../../src/db/database';
import type { LoggedQuery } from './query-log';

/** Tables that grow with the network: reading all of one of them is never acceptable for a page or an action. */
export const largeTables = [
  'posts',
  'likes',
  'dislikes',
  'bookmarks',
  'follows',
  // Conversation (issue 14): comments, what people were told, and who did it.
  'comments',
  'notifications',
  'notification_actors',
  // The training log (issue 15): every person's workouts, their sets and records, custom exercises.
  'exercises',
  'workouts',
  'workout_exercises',
  'workout_sets',
  'workout_records',
  'exercise_bests',
  // Routines (issue 46): up to 100 a person.
  'routines',
];

export interface PlanProblem {
  sql: string;
  problem: string;
  plan: string;
}

/** `from "posts" as "q"`, `join likes mine`, ...: which table each alias of a statement stands for. */
function aliases(statement: string): Map<string, string> {
  const map = new Map<string, string>(largeTables.map((t) => [t, t]));
  const pattern = /\b(?:from|join)\s+"?(\w+)"?(?:\s+as)?\s+"?(\w+)"?/gi;
  for (const [, table = '', alias = ''] of statement.matchAll(pattern)) {
    if (largeTables.includes(table)) map.set(alias, table);
  }
  return map;
}

/**
 * SQLite's EXPLAIN QUERY PLAN: `SCAN t` reads the whole table; `SCAN t USING INDEX i` walks a whole
 * index, fine only for an ordered walk that stops at the page's LIMIT (`orderedWalks`). `SEARCH` is a
 * seek on an index.
 */
function sqlitePlan(db: Db, query: LoggedQuery): { detail: string }[] {
  if (!db.sqlite) throw new Error('not a SQLite database');
  return db.sqlite.prepare(`explain query plan ${query.sql}`).all(...(query.parameters as unknown[])) as {
    detail: string;
  }[];
}

function sqliteProblems(db: Db, query: LoggedQuery, orderedWalks: string[]): PlanProblem[] {
  const rows = sqlitePlan(db, query);
  const plan = rows.map((r) => r.detail).join('\n');
  const names = aliases(query.sql);
  const problems: PlanProblem[] = [];
  for (const { detail } of rows) {
    const scan = /^SCAN (\w+)(?: USING (?:COVERING )?INDEX (\w+))?/.exec(detail);
    const table = scan ? names.get(scan[1] ?? '') : undefined;
    if (!scan || !table) continue;
    if (!scan[2]) problems.push({ sql: query.sql, problem: `full scan of ${table}`, plan });
    else if (!orderedWalks.includes(scan[2])) {
      problems.push({ sql: query.sql, problem: `whole index ${scan[2]} of ${table} walked`, plan });
    }
  }
  return problems;
}

/** Statements with no plan to read: a transaction's steps. */
const unplanned = /^\s*(begin|commit|rollback|savepoint|release)\b/i;

interface PgPlanNode {
  'Node Type': string;
  Alias?: string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PgPlanNode[];
}

function* pgNodes(node: PgPlanNode): Generator<PgPlanNode> {
  yield node;
  for (const child of node.Plans ?? []) yield* pgNodes(child);
}

/**
 * PostgreSQL's EXPLAIN, with sequential scans priced out (enable_seqscan = off): a plan that still
 * has one on a large table had no index to use. An index scan without an Index Cond walks the whole
 * index, fine only for the ordered walks a page stops early in.
 */
/** PostgreSQL's plan of a query with these kinds of step priced out (`enable_<name> = off`). */
async function postgresPlan(db: Db, query: LoggedQuery, off: string[] = ['seqscan']): Promise<PgPlanNode> {
  const result = await db.kysely.connection().execute(async (connection) => {
    for (const name of off) await sql.raw(`set enable_${name} = off`).execute(connection);
    try {
      return await connection.executeQuery<{ 'QUERY PLAN': { Plan: PgPlanNode }[] }>(
        CompiledQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters]),
      );
    } finally {
      for (const name of off) await sql.raw(`reset enable_${name}`).execute(connection);
    }
  });
  const root = result.rows[0]?.['QUERY PLAN'][0]?.Plan;
  if (!root) throw new Error(`no plan for ${query.sql}`);
  return root;
}

async function postgresProblems(db: Db, query: LoggedQuery, orderedWalks: string[]): Promise<PlanProblem[]> {
  const root = await postgresPlan(db, query);
  const plan = JSON.stringify(root);
  const problems: PlanProblem[] = [];
  for (const node of pgNodes(root)) {
    const table = node['Relation Name'];
    if (!table || !largeTables.includes(table)) continue;
    if (node['Node Type'] === 'Seq Scan') problems.push({ sql: query.sql, problem: `full scan of ${table}`, plan });
    const index = node['Index Name'] ?? '';
    if (/^Index (Only )?Scan$/.test(node['Node Type']) && !node['Index Cond'] && !orderedWalks.includes(index)) {
      problems.push({ sql: query.sql, problem: `whole index ${index} of ${table} walked`, plan });
    }
  }
  return problems;
}

/** What is wrong with the plans of these queries (nothing, when every read of a large table is a seek). */
export async function planProblems(db: Db, queries: LoggedQuery[], orderedWalks: string[] = []) {
  const problems: PlanProblem[] = [];
  for (const query of queries) {
    if (unplanned.test(query.sql)) continue;
    problems.push(
      ...(db.kind === 'sqlite'
        ? sqliteProblems(db, query, orderedWalks)
        : await postgresProblems(db, query, orderedWalks)),
    );
  }
  return problems;
}

/**
 * The sorts these queries cannot do without: SQLite's temp b-trees in the plan it chose (`USE TEMP
 * B-TREE FOR ORDER BY`, also for GROUP BY and DISTINCT); PostgreSQL's Sort and Incremental Sort
 * nodes with sorts priced out as well as sequential scans. On a test's few rows, with no statistics,
 * PostgreSQL rightly prefers sorting two rows to walking an index backwards; priced out, a sort stays
 * in the plan only where no index gives the order.
 */
export async function sortsIn(db: Db, queries: LoggedQuery[]): Promise<PlanProblem[]> {
  const sorts: PlanProblem[] = [];
  for (const query of queries) {
    if (unplanned.test(query.sql)) continue;
    if (db.kind === 'sqlite') {
      const rows = sqlitePlan(db, query);
      const plan = rows.map((r) => r.detail).join('\n');
      for (const { detail } of rows) {
        if (/TEMP B-TREE/.test(detail)) sorts.push({ sql: query.sql, problem: detail, plan });
      }
    } else {
      const root = await postgresPlan(db, query, ['seqscan', 'sort', 'incremental_sort']);
      for (const node of pgNodes(root)) {
        if (/Sort$/.test(node['Node Type']))
          sorts.push({ sql: query.sql, problem: node['Node Type'], plan: JSON.stringify(root) });
      }
    }
  }
  return sorts;
}

/** How many steps of a query's plan read the table aliased `alias` (PostgreSQL numbers repeats: bh_1). */
export async function readsOf(db: Db, query: LoggedQuery, alias: string): Promise<number> {
  if (db.kind === 'sqlite') {
    return sqlitePlan(db, query).filter((r) => new RegExp(`^(SEARCH|SCAN) ${alias}\\b`).test(r.detail)).length;
  }
  const named = new RegExp(`^${alias}(_\\d+)?$`);
  return [...pgNodes(await postgresPlan(db, query))].filter((n) => n.Alias && named.test(n.Alias)).length;
}

/**
 * How a query reads the table aliased `alias`: SQLite's plan lines for it (`SEARCH likes USING
 * COVERING INDEX likes_user_post (user_id=? AND post_id=?)`), or PostgreSQL's plan nodes for it as
 * `<node type> <index> <index condition>`.
 */
export async function readsOfAlias(db: Db, query: LoggedQuery, alias: string): Promise<string[]> {
  if (db.kind === 'sqlite') {
    return sqlitePlan(db, query)
      .map((r) => r.detail)
      .filter((detail) => new RegExp(`^(SEARCH|SCAN) ${alias}\\b`).test(detail));
  }
  const named = new RegExp(`^${alias}(_\\d+)?$`);
  return [...pgNodes(await postgresPlan(db, query))]
    .filter((n) => n.Alias && named.test(n.Alias))
    .map((n) => `${n['Node Type']} ${n['Index Name'] ?? ''} ${n['Index Cond'] ?? ''}`);
}

/** Foreign keys of the large tables whose column leads no index: deleting a parent row would scan them. */
export async function unindexedForeignKeys(db: Db): Promise<string[]> {
  const missing: string[] = [];
  if (db.kind === 'sqlite' && db.sqlite) {
    const sqlite = db.sqlite;
    for (const table of largeTables) {
      const keys = sqlite.prepare(`pragma foreign_key_list(${table})`).all() as { from: string }[];
      const indexes = sqlite.prepare(`pragma index_list(${table})`).all() as { name: string }[];
      const leading = indexes.map(
        (i) => (sqlite.prepare(`pragma index_info(${i.name})`).all() as { seqno: number; name: string }[])[0]?.name,
      );
      for (const key of keys) if (!leading.includes(key.from)) missing.push(`${table}.${key.from}`);
    }
    return missing;
  }
  const { rows } = await sql<{ key: string }>`
    select c.conrelid::regclass::text || '.' || a.attname as key
    from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.contype = 'f' and c.conrelid::regclass::text = any(${largeTables})
      and not exists (select 1 from pg_index i where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1])`.execute(
    db.kysely,
  );
  return rows.map((r) => r.key);
}
