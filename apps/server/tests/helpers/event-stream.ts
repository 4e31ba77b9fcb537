import type { NotificationEvent } from '@spotter/contract';

/** A Server-Sent Events stream read with fetch, as the web client reads it (a header carries the token). */
export interface EventStreamReader {
  status: number;
  /** Everything received so far. */
  text(): string;
  /**
   * Resolves once the received text matches (or rejects when the stream ends first, or, given
   * `within` (ms), when that long passes first: the one timed requirement, issue 14's "within 1 s").
   */
  waitFor(match: RegExp, options?: { within?: number }): Promise<string>;
  /** The `notification` events received so far. */
  events(): NotificationEvent[];
  close(): void;
}

export async function openEventStream(url: string, headers: Record<string, string>): Promise<EventStreamReader> {
  const abort = new AbortController();
  const res = await fetch(url, { headers, signal: abort.signal });
  let received = '';
  let ended = false;
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const w of waiters) w();
  };
  if (res.body) {
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          received += value;
          wake();
        }
      } catch {
        // aborted
      }
      ended = true;
      wake();
    })();
  } else ended = true;
  return {
    status: res.status,
    text: () => received,
    waitFor(match, { within } = {}) {
      return new Promise((resolve, reject) => {
        let deadline: ReturnType<typeof setTimeout> | undefined;
        const settle = () => {
          waiters.delete(check);
          clearTimeout(deadline);
        };
        const check = () => {
          const found = received.match(match);
          if (found) {
            settle();
            resolve(found[0]);
          } else if (ended) {
            settle();
            reject(new Error(`the stream ended without ${match}: ${received}`));
          }
        };
        waiters.add(check);
        check();
        if (within !== undefined && waiters.has(check)) {
          deadline = setTimeout(() => {
            settle();
            reject(new Error(`no ${match} within ${within} ms; the stream had: ${received}`));
          }, within);
        }
      });
    },
    events: () =>
      [...received.matchAll(/event: notification\ndata: (.*)\n/g)].map(
        (m) => JSON.parse(m[1] ?? '') as NotificationEvent,
      ),
    close: () => abort.abort(),
  };
}
