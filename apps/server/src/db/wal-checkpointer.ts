import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { sqliteDriverPackage } from './sqlite-driver';

/** How often the WAL is copied back into the database file (a checkpoint with nothing to copy is a no-op). */
export const checkpointIntervalMs = 250;

/**
 * The checkpointer's thread, as plain CommonJS (run with `eval`, so that it needs no file of its own
 * in the build): its own connection to the database and a passive checkpoint every interval. A
 * passive checkpoint takes no lock the server's connection waits for (never the writer's): it copies
 * what no reader still needs, and the server's next write starts the WAL over once all of it is
 * copied. The stronger modes (RESTART, TRUNCATE) take the writer's lock, and a transaction of the
 * server's that began by reading would then fail with SQLITE_BUSY: not used. Stopping needs no last
 * checkpoint: the server's connection, closed after this one, does it.
 */
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('synchronous = NORMAL');
const timer = setInterval(() => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); }
  catch (error) { parentPort.postMessage({ error: String(error) }); }
}, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.postMessage({ stopped: true });
});
`;

export interface WalCheckpointer {
  /** Closes the thread's connection; call before the server's own closes (the last one checkpoints). */
  stop(): Promise<void>;
}

/**
 * Moves SQLite's WAL checkpoints off the event loop (decision 050). With automatic checkpoints, the
 * commit that fills the WAL to 1,000 pages copies them into the database file and syncs both files
 * itself: on the server's one connection, that commit and every request waiting behind it stalled
 * for 11-15 ms (a commit's p99 in process, against 81 µs at the median). The server's connection sets
 * `wal_autocheckpoint = 0` and this thread, with a connection of its own, checkpoints instead.
 */
export function startWalCheckpointer(file: string, onError: (message: string) => void): WalCheckpointer {
  const driver = createRequire(import.meta.url).resolve(sqliteDriverPackage);
  const worker = new Worker(workerSource, {
    eval: true,
    workerData: { driver, file, intervalMs: checkpointIntervalMs },
  });
  // The thread never keeps the process alive: a one-shot command ends when its work does.
  worker.unref();
  worker.on('message', (message: { error?: string }) => {
    if (message.error) onError(message.error);
  });
  worker.on('error', (error) => onError(String(error)));
  let exited = false;
  worker.once('exit', () => {
    exited = true;
  });
  let stopped: Promise<void> | undefined;
  return {
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        if (exited) return resolve();
        worker.once('exit', () => resolve());
        worker.on('message', (message: { stopped?: boolean }) => {
          if (message.stopped) void worker.terminate();
        });
        worker.postMessage('stop');
      });
      return stopped;
    },
  };
}
