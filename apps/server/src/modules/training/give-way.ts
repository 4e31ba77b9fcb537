/**
 * Turns for the rest of the server during a long import (issue 45, finding 3). Each call waits as
 * long as the import ran since the last one (at most `maxWaitMs`), so the import takes about half of
 * the event loop at most: a request that needs several turns (a login: its hash, its session's write,
 * its answer) waits a slice of the import per turn, not the import's whole stretch. One immediate a
 * slice was not enough: a login then waited one slice per step, over a second in all on a busy host.
 */
export function pacer(maxWaitMs = 50): () => Promise<void> {
  let resumed = performance.now();
  return async () => {
    const ran = performance.now() - resumed;
    await new Promise((resolve) => setTimeout(resolve, Math.min(ran, maxWaitMs)));
    resumed = performance.now();
  };
}
