import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { sqliteDriverPackage } from './sqlite-driver';

/** How often the WAL is copied back into the database file (a checkpoint with nothing to copy is a no-op). */
export const checkpointIntervalMs = 250;

/**
 * A WAL of this many frames (16 MiB of 4 KiB pages) is started over: decision 058. Each restart
 * pauses the server's database calls, and the pause grows with the WAL (decision 058 has the pauses
 * measured under like + unlike at 64 and 16 MiB); below 16 MiB the pauses no longer shorten and only
 * come more often.
 */
export const walRestartFrames = 4_096;

/**
 * The checkpointer's thread, as plain CommonJS (run with `eval`, so that it needs no file of its own
 * in the build): its own connection to the database and a passive checkpoint every interval. A
 * passive checkpoint takes no lock the server's connection waits for (never the writer's): it copies
 * what no reader still needs, and the server's next write starts the WAL over once all of it is
 * copied. The stronger modes (RESTART, TRUNCATE) take the writer's lock, and a transaction of the
 * server's that began by reading would then fail with SQLITE_BUSY: not used. Stopping needs no last
 * checkpoint: the server's connection, closed after this one, does it.
 *
 * Under writes that never stop, the server always has a transaction open when a checkpoint ends, so
 * all of the WAL is never copied at the moment a transaction begins and the WAL never starts over
 * (decision 058). When it has grown to `restartFrames`, the thread says so ('outgrown'); the server
 * then holds its connection between two transactions and asks for one more checkpoint
 * ('catch-up'), which copies the little written since the last one and answers when done.
 */
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('synchronous = NORMAL');
const checkpoint = () => db.pragma('wal_checkpoint(PASSIVE)')[0];
let told = false;
// Checkpoints back to back while each still finds much to copy (what was written during the one
// before), so that the server's pause for the last one is short.
const closeIn = (first) => {
  let last = first;
  for (let i = 0; i < 16; i++) {
    const next = checkpoint();
    const copied = next.checkpointed - last.checkpointed;
    last = next;
    if (copied < workerData.restartFrames / 64) return;
  }
};
// The WAL's size at the last catch-up. It starts over at the server's next write; until a write
// comes, a checkpoint finds it exactly that large, which is no reason to ask again. Any other size
// means a write came: it started over, or it grew on (a long read kept it from starting over).
let caughtUpAt = -1;
const timer = setInterval(() => {
  try {
    const result = checkpoint();
    if (result.log < workerData.restartFrames) told = false;
    else if (!told && result.log !== caughtUpAt) {
      told = true;
      closeIn(result);
      parentPort.postMessage({ outgrown: result.log });
    }
  } catch (error) {
    parentPort.postMessage({ error: String(error) });
  }
}, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message === 'catch-up') {
    try { caughtUpAt = checkpoint().log; }
    catch (error) { parentPort.postMessage({ error: String(error) }); }
    told = false;
    parentPort.postMessage({ caughtUp: true });
    return;
  }
  clearInterval(timer);
  db.close();
  parentPort.postMessage({ stopped: true });
});
`;

export interface WalCheckpointer {
  /** Closes the thread's connection; call before the server's own closes (the last one checkpoints). */
  stop(): Promise<void>;
  /**
   * One more checkpoint, now. Called while the server's connection is held between transactions, so
   * that its next write starts the WAL over if that checkpoint copied all of it (decision 058).
   */
  catchUp(): Promise<void>;
}

export interface WalCheckpointerOptions {
  /** A checkpoint failed (the thread goes on). */
  onError(message: string): void;
  /** The WAL reached `restartFrames` frames: the server should call `catchUp` between two transactions. */
  onOutgrown(): void;
  /** The WAL's size, in frames, at which it is started over (`walRestartFrames`; tests use less). */
  restartFrames: number;
}

/**
 * Moves SQLite's WAL checkpoints off the event loop (decision 050). With automatic checkpoints, the
 * commit that fills the WAL to 1,000 pages copies them into the database file and syncs both files
 * itself: on the server's one connection, that commit and every request waiting behind it stalled
 * (a commit's p99 in process, far above its median: decision 050 has the measurement). The server's
 * connection sets `wal_autocheckpoint = 0` and this thread, with a connection of its own, checkpoints
 * instead.
 */
export function startWalCheckpointer(file: string, options: WalCheckpointerOptions): WalCheckpointer {
  const driver = createRequire(import.meta.url).resolve(sqliteDriverPackage);
  const worker = new Worker(workerSource, {
    eval: true,
    workerData: { driver, file, intervalMs: checkpointIntervalMs, restartFrames: options.restartFrames },
  });
  // The thread never keeps the process alive: a one-shot command ends when its work does.
  worker.unref();
  const caughtUp: (() => void)[] = [];
  worker.on('message', (message: { error?: string; outgrown?: number; caughtUp?: boolean }) => {
    if (message.error) options.onError(message.error);
    if (message.outgrown !== undefined) options.onOutgrown();
    if (message.caughtUp) caughtUp.shift()?.();
  });
  worker.on('error', (error) => options.onError(String(error)));
  let exited = false;
  worker.once('exit', () => {
    exited = true;
    for (const answer of caughtUp.splice(0)) answer();
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
    catchUp() {
      if (exited || stopped) return Promise.resolve();
      return new Promise<void>((resolve) => {
        caughtUp.push(resolve);
        worker.postMessage('catch-up');
      });
    },
  };
}
