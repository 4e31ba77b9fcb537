import type { PeopleInFlight } from '../../http/people-in-flight';

/**
 * Turns for the rest of the server during a long import (issue 45, finding 3). Each call yields the
 * event loop once, so that requests arriving meanwhile are taken in; then, while other people's
 * requests are in flight (`people`, beside the import's own), it waits for them to be answered, at
 * most as long as the import ran since the last call (and `maxWaitMs`): the import takes about half
 * of the event loop at most while others wait, and a request that needs several turns (a login: its
 * hash, its session's write, its answer) waits a slice of the import per turn, not its whole
 * stretch. With nobody else waiting it goes straight on (decision 107's rule, applied to imports).
 * Without `people` (in process, with no server counting requests) every call waits that long.
 */
export function pacer(
  people?: PeopleInFlight,
  { maxWaitMs = 50, now = () => performance.now() }: { maxWaitMs?: number; now?: () => number } = {},
): () => Promise<void> {
  let resumed = now();
  return async () => {
    const wait = Math.min(now() - resumed, maxWaitMs);
    if (people) {
      await new Promise((resolve) => setImmediate(resolve));
      await people.whenQuiet(wait, { besides: 1 });
    } else {
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
    resumed = now();
  };
}
