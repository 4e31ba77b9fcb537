import { type CompiledQuery, type DatabaseConnection, type Driver, type QueryResult, SqliteDialect } from 'kysely';
import type { SqliteHandle } from './sqlite-statements';

/** A commit shared by the transactions that ended in one turn of the event loop. */
interface Batch {
  members: number;
  done: Promise<void>;
  settle(error?: unknown): void;
}

/** More than this many transactions in one turn commit at once, so that no answer waits on an unbounded batch. */
const maxMembers = 64;

/**
 * Group commit for SQLite (docs/decisions/051).
 * Kysely's own SQLite driver commits every transaction on its own, and on this hardware a commit is a
 * large share of a write's CPU (decision 051 has the profile): each commit writes every page it changed
 * to the WAL, one system call per page, and the transactions of concurrent requests change many of the
 * same pages (the ends of append-only tables and indexes, the B-trees' inner pages).
 *
 * Here each of the application's transactions is a savepoint inside one SQLite transaction that stays
 * open until the end of the event loop's turn (`setImmediate`), when one COMMIT writes them all. A
 * transaction's `commit` releases its savepoint and the connection, then waits for that COMMIT: its
 * caller answers only once the change is in the WAL, as before. A transaction that fails rolls back to
 * its savepoint and takes nothing of the others with it. If the COMMIT itself fails (disk full, an I/O
 * error), every transaction of the batch gets the error and none of them is kept.
 *
 * Between a transaction's release and the COMMIT, the other requests' statements run inside the open
 * transaction: they see what the batch wrote, as they would a moment later. A write outside any
 * transaction (an UPDATE run alone) commits the batch first and then runs on its own, so that its
 * caller is never answered before it is kept. SQLite's one connection is still held by one
 * transaction at a time (a mutex, as in Kysely's driver).
 */
export class GroupCommitSqliteDialect extends SqliteDialect {
  readonly #sqlite: SqliteHandle;
  #driver: GroupCommitDriver | undefined;

  constructor(sqlite: SqliteHandle) {
    super({ database: {} as never });
    this.#sqlite = sqlite;
  }

  override createDriver(): Driver {
    this.#driver = new GroupCommitDriver(this.#sqlite);
    return this.#driver;
  }

  /**
   * Runs `action` with the open batch committed and the connection held, so that nothing reads or
   * writes until it is done (the WAL's restart, decision 058).
   */
  betweenTransactions(action: () => Promise<unknown>): Promise<void> {
    if (!this.#driver) return Promise.resolve();
    return this.#driver.betweenTransactions(action);
  }
}

class Mutex {
  #held: Promise<void> | undefined;
  #release: (() => void) | undefined;

  async lock(): Promise<void> {
    while (this.#held) await this.#held;
    this.#held = new Promise((resolve) => {
      this.#release = resolve;
    });
  }

  unlock(): void {
    const release = this.#release;
    this.#held = undefined;
    this.#release = undefined;
    release?.();
  }
}

/** One holder's turn on the connection: released once, by its commit or by Kysely, whichever is first. */
class Lease implements DatabaseConnection {
  released = false;
  inTransaction = false;

  constructor(readonly driver: GroupCommitDriver) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return Promise.resolve(this.driver.run<R>(this, query));
  }

  // biome-ignore lint/correctness/useYield: Kysely's interface; streaming is not used on SQLite.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming queries are not supported on SQLite');
  }
}

class GroupCommitDriver implements Driver {
  readonly #sqlite: SqliteHandle;
  readonly #mutex = new Mutex();
  #batch: Batch | undefined;

  constructor(sqlite: SqliteHandle) {
    this.#sqlite = sqlite;
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#mutex.lock();
    return new Lease(this);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    this.#release(connection as Lease);
  }

  #release(lease: Lease) {
    if (lease.released) return;
    lease.released = true;
    this.#mutex.unlock();
  }

  run<R>(lease: Lease, query: CompiledQuery): QueryResult<R> {
    // A PRAGMA or a BEGIN, COMMIT or ROLLBACK of the caller's own (migration 006) runs alone, after the
    // batch is committed, and is prepared there too: SQLite ignores some PRAGMAs inside a
    // transaction (`foreign_keys`), deciding so as it prepares them, and better-sqlite3 calls them all
    // read-only.
    if (!lease.inTransaction && runsAlone.test(query.sql)) this.#commitBatch();
    const statement = this.#sqlite.prepare(query.sql);
    // A write on its own is not answered before it is kept: the batch is committed first.
    if (!lease.inTransaction && !statement.readonly) this.#commitBatch();
    const parameters = query.parameters as unknown[];
    if (statement.reader) return { rows: statement.all(parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }

  #exec(text: string) {
    this.#sqlite.prepare(text).run();
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    if (!this.#batch) this.#openBatch();
    this.#exec('savepoint group_commit_member');
    lease.inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    const batch = this.#batch;
    if (!batch) throw new Error('group commit: no batch to commit into');
    this.#exec('release group_commit_member');
    lease.inTransaction = false;
    batch.members += 1;
    if (batch.members >= maxMembers) this.#commitBatch();
    // The connection is free for the next transaction of this turn; the answer waits for the COMMIT.
    this.#release(lease);
    await batch.done;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    if (!lease.inTransaction) return; // its commit was tried and failed: the batch has answered for it
    lease.inTransaction = false;
    if (this.#sqlite.inTransaction) {
      this.#exec('rollback to group_commit_member');
      this.#exec('release group_commit_member');
    } else {
      // SQLite rolled the whole transaction back itself (disk full, I/O error, ...): the batch is lost.
      this.#failBatch(new Error('SQLite rolled back the transaction'));
    }
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    this.#exec(`savepoint ${quote(name)}`);
    void connection;
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    this.#exec(`rollback to ${quote(name)}`);
    void connection;
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    this.#exec(`release ${quote(name)}`);
    void connection;
  }

  async destroy(): Promise<void> {
    await this.#holding(() => this.#commitBatch());
  }

  async betweenTransactions(action: () => Promise<unknown>): Promise<void> {
    await this.#holding(async () => {
      this.#commitBatch();
      await action();
    });
  }

  /** Runs `action` as the connection's holder, after whoever holds it now. */
  async #holding(action: () => void | Promise<void>) {
    await this.#mutex.lock();
    try {
      await action();
    } finally {
      this.#mutex.unlock();
    }
  }

  #openBatch() {
    this.#exec('begin immediate');
    let settle!: (error?: unknown) => void;
    const done = new Promise<void>((resolve, reject) => {
      settle = (error) => (error === undefined ? resolve() : reject(error));
    });
    // A batch that no one waits on (all its transactions rolled back) must not be an unhandled rejection.
    done.catch(() => {});
    const batch: Batch = { members: 0, done, settle };
    this.#batch = batch;
    setImmediate(() =>
      this.#holding(() => {
        if (this.#batch === batch) this.#commitBatch();
      }).catch(warn),
    );
  }

  /** Commits the open batch; called only by whoever holds the connection. */
  #commitBatch() {
    const batch = this.#batch;
    if (!batch) return;
    this.#batch = undefined;
    try {
      if (this.#sqlite.inTransaction) this.#exec('commit');
      else throw new Error('SQLite rolled back the transaction');
      batch.settle();
    } catch (error) {
      batch.settle(error);
      if (this.#sqlite.inTransaction) this.#exec('rollback');
    }
  }

  #failBatch(error: unknown) {
    const batch = this.#batch;
    this.#batch = undefined;
    batch?.settle(error);
  }
}

/**
 * What fails at the end of a turn has no caller to tell: the batch's transactions already have its
 * error. It must not end the process as an unhandled rejection.
 */
const warn = (error: unknown) =>
  process.emitWarning(`SQLite: ending the turn's transaction failed: ${(error as Error).message ?? error}`);

const runsAlone = /^\s*(pragma|begin|commit|end|rollback)\b/i;
const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
