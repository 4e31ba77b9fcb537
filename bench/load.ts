import autocannon from 'autocannon';

export type LoadRequest = NonNullable<Parameters<typeof autocannon>[0]['requests']>[number];

export interface LoadOptions {
  url: string;
  requests: LoadRequest[];
  connections: number;
  seconds: number;
  warmupSeconds: number;
}

export interface LoadResult {
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Answers outside 2xx, errors and timeouts: a scenario with any of these measured something else. */
  failures: number;
  bytesPerSec: number;
}

/**
 * One scenario under autocannon: a warm-up run that is thrown away (JIT, caches, connection pools),
 * then the measured run. Every connection sends its next request as soon as the answer arrives.
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const base = { url: options.url, connections: options.connections, requests: options.requests, timeout: 30 };
  if (options.warmupSeconds > 0) await autocannon({ ...base, duration: options.warmupSeconds });
  const result = await autocannon({ ...base, duration: options.seconds });
  return {
    reqPerSec: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
    bytesPerSec: result.throughput.average,
  };
}
