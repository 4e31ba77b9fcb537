import fs from 'node:fs';

export interface SoakFigures {
  date: string;
  machine: string;
  db: 'sqlite' | 'postgres';
  duration: number;
  connections: number;
  requests: number;
  requestsPerSecond: number;
  latency: { p50: number; p99: number; max: number };
  status: { '2xx': number; '4xx': number; '5xx': number };
  errors: number;
  timeouts: number;
  writes: Record<string, number>;
  postsCreated: number;
  lostPosts: number;
  pairsChecked: number;
  pairsWrong: number;
  /** The judged figures, each right after a full GC; `trace`: RSS every 10 s as it was (MB). */
  rss: { warmUpSecond: number; warmUpMb: number; endMb: number; trace: number[] };
  cleanExit: boolean;
}

export interface Verdict {
  name: string;
  ok: boolean;
  detail: string;
}

/** The Markdown the doc keeps for one database's last full run. */
export function soakMarkdown(r: SoakFigures, verdicts: Verdict[]): string {
  const writes = Object.entries(r.writes)
    .map(([kind, n]) => `${n} ${kind}`)
    .join(', ');
  return [
    `Last full run on ${r.db === 'sqlite' ? 'SQLite' : 'PostgreSQL'}: ${r.date.slice(0, 16).replace('T', ' ')} UTC, ${r.machine}.`,
    '',
    '| figure | value |',
    '|---|---|',
    `| connections, duration | ${r.connections}, ${r.duration} s |`,
    `| requests | ${r.requests} (${r.requestsPerSecond.toFixed(0)} req/s) |`,
    `| latency p50 / p99 / max | ${r.latency.p50} / ${r.latency.p99} / ${r.latency.max} ms |`,
    `| answers 2xx / 4xx / 5xx | ${r.status['2xx']} / ${r.status['4xx']} / ${r.status['5xx']} |`,
    `| errors, timeouts | ${r.errors}, ${r.timeouts} |`,
    `| writes answered 2xx | ${writes} |`,
    `| RSS every 10 s, no forced GC | ${r.rss.trace.join(', ')} MB |`,
    ...verdicts.map((v) => `| ${v.ok ? 'pass' : '**FAIL**'}: ${v.name} | ${v.detail} |`),
  ].join('\n');
}

/** Replaces the text between `<!-- soak:<db>:start -->` and `<!-- soak:<db>:end -->` in the doc. */
export function writeSoakFigures(docFile: string, r: SoakFigures, verdicts: Verdict[]): void {
  const start = `<!-- soak:${r.db}:start -->`;
  const end = `<!-- soak:${r.db}:end -->`;
  const doc = fs.readFileSync(docFile, 'utf8');
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${docFile} has no ${start} ... ${end} section for the figures`);
  fs.writeFileSync(docFile, `${doc.slice(0, from + start.length)}\n${soakMarkdown(r, verdicts)}\n${doc.slice(to)}`);
}
