import { createRequire } from 'node:module';
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import type PgModule from 'pg';
import { type Database as DatabaseConfig, defaultPostgresPoolSize } from '../config';
import { makePrivateDir, makePrivateFile } from '../private-files';
import { LiteralLimitsPlugin } from './literal-limits';
import { withNamedStatements } from './postgres-named-statements';
import type { DatabaseSchema } from './schema';
import SqliteDatabase from './sqlite-driver';
import { GroupCommitSqliteDialect } from './sqlite-group-commit';
import { statementCache } from './sqlite-statements';
import { isoOfPostgresTimestamp } from './time';
import { startWalCheckpointer, type WalCheckpointer, walRestartFrames } from './wal-checkpointer';

export type DialectKind = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<DatabaseSchema>;
  kind: DialectKind;
  /** The raw better-sqlite3 handle (for online backups and PRAGMAs); absent on PostgreSQL. */
  sqlite?: BetterSqlite3.Database;
  /**
   * PostgreSQL: a small pool of its own whose connections always use generic plans, for the reads
   * `genericPlansReader` gives (decision 052); absent on SQLite.
   */
  genericPlans?: Kysely<DatabaseSchema>;
  close(): Promise<void>;
}

const require = createRequire(import.meta.url);

/** pg is loaded only on PostgreSQL: a SQLite server starts sooner and smaller without it. */
function loadPg(): typeof PgModule {
  const pg: typeof PgModule = require('pg');
  // COUNT(*) and other bigints come back from pg as strings; our counts fit a JS number.
  pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
  // A timestamptz comes back as the ISO text SQLite keeps, not as a Date (db/time.ts).
  const dateOf = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ);
  const printedDate = (text: string) => (dateOf(text) as Date).toISOString();
  pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, (text) => isoOfPostgresTimestamp(text, printedDate));
  return pg;
}

/** The SQLite connection's page cache, in KiB (decision 059). */
const sqliteCacheKib = 24_000;

function openSqlite(file: string, options: OpenOptions): Db {
  makePrivateDir(path.dirname(file));
  makePrivateFile(file);
  const sqlite = new SqliteDatabase(file);
  // WAL: readers never block the writer, and a committed transaction survives a killed process: a
  // commit is written to the WAL before the call returns, and the kernel keeps it when the process dies.
  sqlite.pragma('journal_mode = WAL');
  // NORMAL, not FULL: FULL only adds an fsync per commit, which matters on power loss or a kernel crash
  // (never on a killed process), and it blocks the event loop for every write (far fewer writes a
  // second). NORMAL in WAL never corrupts the file; docs/reliability.md ("Why NORMAL and not FULL") has
  // the numbers.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // 24 MB of pages (the driver's default is 16): enough for the pages a busy home feed reads again and
  // again (1,000 readers' timelines, the posts on them, their likes) to stay cached instead of being
  // read again through a system call, and paid for by V8's smaller young generation (decision 059).
  sqlite.pragma(`cache_size = -${sqliteCacheKib}`);
  // Transactions that end in one turn of the event loop share one commit (decision 051).
  const dialect = new GroupCommitSqliteDialect(statementCache(sqlite));
  const kysely = new Kysely<DatabaseSchema>({
    dialect,
    // A bound LIMIT makes SQLite prepare its statement again on every run (decision 045).
    plugins: [new LiteralLimitsPlugin()],
  });
  // Checkpoints run on a thread of their own (decision 050), never inside a request's commit.
  sqlite.pragma('wal_autocheckpoint = 0');
  const restartFrames = options.walRestartFrames ?? walRestartFrames;
  // A WAL started over keeps its file, written over from the start: cheaper than growing it again
  // (decision 058). Only a WAL that grew far past the restart size (a long read held it) is cut back.
  const pageSize = Number(sqlite.pragma('page_size', { simple: true }));
  sqlite.pragma(`journal_size_limit = ${4 * restartFrames * pageSize}`);
  const checkpointer: WalCheckpointer = startWalCheckpointer(file, {
    restartFrames,
    onError: (message) => process.emitWarning(`SQLite WAL checkpoint failed: ${message}`),
    // Writes that never pause would keep the WAL from ever starting over (decision 058).
    onOutgrown: () =>
      void dialect
        .betweenTransactions(() => checkpointer.catchUp())
        .catch((error) => process.emitWarning(`SQLite WAL restart failed: ${(error as Error).message}`)),
  });
  const close = async () => {
    await checkpointer.stop();
    await kysely.destroy();
    sqlite.close();
  };
  return { kysely, kind: 'sqlite', sqlite, close };
}

/** Connections of the pool whose statements always plan generically (decision 052): the notifications reads'. */
const genericPlansPoolSize = 3;

/**
 * Each pool keeps one connection however long it is quiet, and the others for five minutes idle
 * (decision 063). With pg's own 10 s and no minimum, a request after ten quiet seconds (on a small
 * club's server, a large share of them) opened a backend and prepared its statements again: several
 * times a warm request's time (decision 063 has the measurement).
 */
export const postgresIdleConnections = { kept: 1, idleMs: 5 * 60_000 };

function openPostgres(url: string, poolSize: number): Db {
  const pg = loadPg();
  const openPool = (max: number, options: string) => {
    const pool = new pg.Pool({
      connectionString: url,
      max,
      options,
      min: postgresIdleConnections.kept,
      idleTimeoutMillis: postgresIdleConnections.idleMs,
    });
    // PostgreSQL ending an idle connection (a restart, a failover, an administrator) reaches pg as an
    // 'error' on the pool, which unheard ends the whole process. pg has already dropped that
    // connection and the next query opens a new one; a query in flight gets its own error.
    pool.on('error', (error) => process.emitWarning(`PostgreSQL closed an idle connection: ${error.message}`));
    return new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool: withNamedStatements(pool) }) });
  };
  // JIT off (decision 042): the feed's statement is one short indexed read, but its many sub-selects
  // push the planner's estimate past jit_above_cost, and compiling it took far longer than running it
  // (decision 042 has the measurement).
  // TimeZone=UTC: timestamps come back as '...+00', the form read without a Date (db/time.ts).
  const kysely = openPool(poolSize, '-c jit=off -c TimeZone=UTC');
  const genericPlans = openPool(
    genericPlansPoolSize,
    '-c jit=off -c TimeZone=UTC -c plan_cache_mode=force_generic_plan',
  );
  const close = async () => {
    await genericPlans.destroy();
    await kysely.destroy();
  };
  return { kysely, kind: 'postgres', genericPlans, close };
}

/** Settings a test may change. */
export interface OpenOptions {
  /** SQLite: the WAL's size, in frames, at which it is started over (decision 058). */
  walRestartFrames?: number;
}

export function openDatabase(config: DatabaseConfig, options: OpenOptions = {}): Db {
  return config.kind === 'postgres'
    ? openPostgres(config.url, config.poolSize ?? defaultPostgresPoolSize)
    : openSqlite(config.file, options);
}
