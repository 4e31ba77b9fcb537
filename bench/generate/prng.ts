/**
 * Seeded pseudo-random numbers, so that every run of the benchmark builds the very same network on
 * every machine. sfc32 (Chris Doty-Humphrey's Small Fast Counting generator): 128 bits of state,
 * passes PractRand, and needs nothing but 32-bit integer arithmetic.
 */
export class Prng {
  #a: number;
  #b: number;
  #c: number;
  #d = 1;

  constructor(seed: number) {
    this.#a = 0x9e3779b9;
    this.#b = 0x243f6a88;
    this.#c = seed >>> 0;
    // The first outputs of a fresh sfc32 are poorly mixed.
    for (let i = 0; i < 15; i++) this.next32();
  }

  next32(): number {
    const t = (((this.#a + this.#b) | 0) + this.#d) | 0;
    this.#d = (this.#d + 1) | 0;
    this.#a = this.#b ^ (this.#b >>> 9);
    this.#b = (this.#c + (this.#c << 3)) | 0;
    this.#c = (this.#c << 21) | (this.#c >>> 11);
    this.#c = (this.#c + t) | 0;
    return t >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    return this.next32() / 4_294_967_296;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  pick<T>(items: readonly T[]): T {
    const item = items[this.int(items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** Exponentially distributed with the given mean. */
  exponential(mean: number): number {
    return -Math.log(1 - this.next()) * mean;
  }
}

/** A bijective 32-bit mix (lowbias32 by Chris Wellons): distinct inputs give distinct outputs. */
function mix32(x: number): number {
  let h = x >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
}

const hex8 = (n: number) => n.toString(16).padStart(8, '0');

/**
 * The i-th version-4 UUID of a kind (users, posts): a pure function of (kind, i), so ids need not be
 * kept in memory. The first word is a bijection of i, which makes ids of one kind unique.
 */
export function uuidOf(kind: number, i: number): string {
  const w0 = mix32(i ^ Math.imul(kind, 0x5bd1e995));
  const w1 = mix32(w0 + kind + 1);
  const w2 = mix32(w1 + i + 2);
  const w3 = mix32(w2 + 3);
  const s = hex8(w0) + hex8(w1) + hex8(w2) + hex8(w3);
  const variant = ((Number.parseInt(s[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-4${s.slice(13, 16)}-${variant}${s.slice(17, 20)}-${s.slice(20, 32)}`;
}

/**
 * Draws ranks 0..n-1 with probability proportional to 1 / (rank + 1)^s (Zipf): a few people are
 * followed by many, most by a few.
 */
export class Zipf {
  readonly #cumulative: Float64Array;

  constructor(n: number, s: number) {
    this.#cumulative = new Float64Array(n);
    let total = 0;
    for (let r = 0; r < n; r++) {
      total += 1 / (r + 1) ** s;
      this.#cumulative[r] = total;
    }
    for (let r = 0; r < n; r++) this.#cumulative[r] = (this.#cumulative[r] ?? 0) / total;
  }

  draw(prng: Prng): number {
    const u = prng.next();
    let lo = 0;
    let hi = this.#cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.#cumulative[mid] ?? 1) < u) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** A deterministic shuffle of 0..n-1 (Fisher-Yates). */
export function permutation(n: number, prng: Prng): Uint32Array {
  const p = new Uint32Array(n);
  for (let i = 0; i < n; i++) p[i] = i;
  for (let i = n - 1; i > 0; i--) {
    const j = prng.int(i + 1);
    const t = p[i] ?? 0;
    p[i] = p[j] ?? 0;
    p[j] = t;
  }
  return p;
}
