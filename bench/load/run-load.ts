import autocannon from 'autocannon';
import { cpuMsOf, procStatFields } from './proc-stat';

export type LoadRequest = NonNullable<Parameters<typeof autocannon>[0]['requests']>[number];

export interface LoadOptions {
  url: string;
  requests: LoadRequest[];
  connections: number;
  seconds: number;
  warmupSeconds: number;
  /** The server's process: its CPU time during the measured run is reported per request. */
  pid?: number;
}

/** CPU time (user + system) a process has used so far, in ms (Linux: /proc/<pid>/stat, in clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = procStatFields(pid);
  if (!fields) throw new Error(`no /proc/${pid}/stat: the server's process is gone`);
  return cpuMsOf(fields);
}

export interface LoadResult {
  reqPerSec: number;
  /** autocannon's p50, in whole milliseconds, as the tables show it. */
  p50Ms: number;
  /**
   * The median of the 2xx answers' own times, to the microsecond: the feed's growth compares two
   * p50s of a few milliseconds, where a whole millisecond is much of the margin (NaN when no answer
   * was 2xx).
   */
  p50ExactMs: number;
  p99Ms: number;
  requests: number;
  /** Answers outside 2xx, errors and timeouts: a scenario with any of these measured something else. */
  failures: number;
  /** What the failures were: each status outside 2xx with its count, then errors and timeouts ("409 ×2, 1 timeout"). */
  failureKinds: string;
  bytesPerSec: number;
  /**
   * The server's own CPU time per answered request (its process only, not PostgreSQL's): unlike req/s
   * and latency, it hardly moves when other work shares the machine.
   */
  cpuMsPerRequest: number | null;
}

/**
 * One scenario under autocannon: a warm-up run that is thrown away (JIT, caches, connection pools),
 * then the measured run. Every connection sends its next request as soon as the answer arrives.
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const base = { url: options.url, connections: options.connections, requests: options.requests, timeout: 30 };
  if (options.warmupSeconds > 0) await autocannon({ ...base, duration: options.warmupSeconds });
  const cpuBefore = options.pid ? cpuMs(options.pid) : 0;
  const measured = autocannon({ ...base, duration: options.seconds });
  // autocannon's percentiles are whole milliseconds; each answer's own time is not.
  const answerMs: number[] = [];
  const refused = new Map<number, number>();
  measured.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) answerMs.push(responseTime);
    else refused.set(statusCode, (refused.get(statusCode) ?? 0) + 1);
  });
  const result = await measured;
  const cpuUsed = options.pid ? cpuMs(options.pid) - cpuBefore : null;
  return {
    reqPerSec: result.requests.average,
    p50Ms: result.latency.p50,
    p50ExactMs: medianOf(answerMs),
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
    failureKinds: [
      ...[...refused].map(([status, n]) => `${status} ×${n}`),
      ...(result.errors > 0 ? [`${result.errors} errors`] : []),
      ...(result.timeouts > 0 ? [`${result.timeouts} timeouts`] : []),
    ].join(', '),
    bytesPerSec: result.throughput.average,
    cpuMsPerRequest: cpuUsed === null || result.requests.total === 0 ? null : cpuUsed / result.requests.total,
  };
}

function medianOf(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
