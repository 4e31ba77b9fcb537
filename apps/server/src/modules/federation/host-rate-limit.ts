/**
 * Deliveries counted per remote host in fixed one-minute windows, in this process's memory
 * (decision 096): past the limit, the answer is how many seconds until the window ends.
 */
export class HostRateLimit {
  readonly #limit: number;
  readonly #windowMs: number;
  readonly #now: () => number;
  readonly #windows = new Map<string, { start: number; count: number }>();

  constructor(limit: number, options: { windowMs?: number; now?: () => number } = {}) {
    this.#limit = limit;
    this.#windowMs = options.windowMs ?? 60_000;
    this.#now = options.now ?? Date.now;
  }

  /** Counts one delivery from `host`: undefined when it may go on, else the seconds to wait (Retry-After). */
  take(host: string): number | undefined {
    const now = this.#now();
    let window = this.#windows.get(host);
    if (!window || now - window.start >= this.#windowMs) {
      if (this.#windows.size > 10_000) this.#forgetEnded(now);
      window = { start: now, count: 0 };
      this.#windows.set(host, window);
    }
    window.count += 1;
    if (window.count <= this.#limit) return undefined;
    return Math.max(1, Math.ceil((window.start + this.#windowMs - now) / 1000));
  }

  #forgetEnded(now: number) {
    for (const [host, window] of this.#windows) if (now - window.start >= this.#windowMs) this.#windows.delete(host);
  }
}
