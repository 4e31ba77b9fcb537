import type { NotificationEvent } from '@spotter/contract';

/** A Server-Sent Events stream read with fetch, as the web client reads it (a header carries the token). */
export interface EventStreamReader {
  status: number;
  /** Everything received so far. */
  text(): string;
  /** Resolves once the received text matches (or rejects when the stream ends first). */
  waitFor(match: RegExp): Promise<string>;
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
    waitFor(match) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = received.match(match);
          if (found) {
            waiters.delete(check);
            resolve(found[0]);
          } else if (ended) {
            waiters.delete(check);
            reject(new Error(`the stream ended without ${match}: ${received}`));
          }
        };
        waiters.add(check);
        check();
      });
    },
    events: () =>
      [...received.matchAll(/event: notification\ndata: (.*)\n/g)].map(
        (m) => JSON.parse(m[1] ?? '') as NotificationEvent,
      ),
    close: () => abort.abort(),
  };
}
