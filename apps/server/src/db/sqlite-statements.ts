import type BetterSqlite3 from 'better-sqlite3';

/** A prepared statement as the SQLite driver uses it: rows come back as objects keyed by column name. */
export interface SqliteStatement {
  /** It returns rows (a SELECT, or a write with RETURNING). */
  readonly reader: boolean;
  /** It writes nothing. */
  readonly readonly: boolean;
  all(parameters: unknown[]): Record<string, unknown>[];
  run(parameters?: unknown[]): BetterSqlite3.RunResult;
}

/** What the driver needs of better-sqlite3: statements by SQL text, and the transaction state. */
export interface SqliteHandle {
  prepare(text: string): SqliteStatement;
  readonly inTransaction: boolean;
}

/**
 * A statement whose rows are read as arrays and named here. On Node 20, better-sqlite3 (12.x) builds
 * each row object in C++ one property at a time, looking each column name up in V8's string table on
 * every row: for a page's 21 rows of 11 columns that cost more than SQLite's own work, and rows read
 * as arrays and named in JavaScript, where V8 gives every row of a statement one hidden class, cost
 * less (callgrind: docs/performance-log.md, "Rows as arrays or JSON", 2026-11-28). Columns named
 * twice keep the last, as better-sqlite3's objects do.
 */
function sqliteStatement(statement: BetterSqlite3.Statement): SqliteStatement {
  const names = statement.reader ? statement.columns().map((column) => column.name) : [];
  if (statement.reader) statement.raw(true);
  const named = rowMaker(names);
  return {
    reader: statement.reader,
    readonly: statement.readonly,
    all: (parameters) => (statement.all(parameters) as unknown[][]).map(named),
    run: (parameters = []) => statement.run(parameters),
  };
}

/**
 * A function that makes a row object of a statement's values: an object literal with the columns'
 * names written in, one per statement. A loop that sets the names one by one is a keyed store V8
 * sees with every name (megamorphic), which showed in a profile page's CPU profile (decision 056,
 * "Measurements"); a literal makes every row of the statement in one allocation, with one hidden class.
 * The names are the statement's own columns, written as JSON strings: no text of a request reaches the
 * code.
 */
export function rowMaker(names: string[]): (values: unknown[]) => Record<string, unknown> {
  // In a literal `"__proto__": x` sets the prototype; such a column is named one property at a time.
  if (names.includes('__proto__')) {
    return (values) => Object.fromEntries(names.map((name, i) => [name, values[i]]));
  }
  const properties = names.map((name, i) => `${JSON.stringify(name)}: values[${i}]`);
  return new Function('values', `return { ${properties.join(', ')} };`) as (
    values: unknown[],
  ) => Record<string, unknown>;
}

/**
 * The database with prepared statements kept by their SQL text: Kysely prepares every query anew,
 * which for a page's short queries costs about as much as running them. Safe because Kysely runs one
 * query at a time on its single SQLite connection; bounded (least recently used out first) because
 * IN lists of varying length make new SQL texts.
 */
export function statementCache(sqlite: BetterSqlite3.Database, size = 256): SqliteHandle {
  const statements = new Map<string, SqliteStatement>();
  return {
    get inTransaction() {
      return sqlite.inTransaction;
    },
    prepare(text: string) {
      let statement = statements.get(text);
      if (statement) statements.delete(text);
      else statement = sqliteStatement(sqlite.prepare(text));
      statements.set(text, statement);
      if (statements.size > size) {
        const oldest = statements.keys().next().value;
        if (oldest !== undefined) statements.delete(oldest);
      }
      return statement;
    },
  };
}
