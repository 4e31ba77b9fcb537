import { type FederationResults, federationLines } from '../figures/federation';
import type { MediaBenchResult } from '../figures/media';
import type { StreamsResult } from '../figures/notification-streams';
import type { NetworkSize } from '../generate/network';
import type { LoadResult } from '../load/run-load';
import { type ConversationTrainingResults, conversationTrainingRows } from '../scenarios/conversation-and-training';
import type { ScenarioName } from '../scenarios/pages';
import type { Target } from './judge';

export interface DatabaseRun {
  database: 'sqlite' | 'postgres';
  dataset: string;
  scenarios: Partial<Record<ScenarioName, LoadResult & { peakRssMb: number }>>;
  /** VmHWM after the API scenarios but login, and after login (argon2id holds 12 MiB per hash, decision 054). */
  peakRssMb: { beforeLogin: number; overall: number };
  /** The comment, notifications and tag pages' and the training calls' scenarios (scenarios/conversation-and-training.ts); the key keeps its first name so that an older latest.json still prints with --report. */
  more?: ConversationTrainingResults;
}

export interface FeedGrowth {
  smallP50Ms: number;
  fullP50Ms: number;
  p50Ratio: number;
  smallCpuMs: number;
  fullCpuMs: number;
  cpuRatio: number;
  rounds: { small: LoadResult[]; full: LoadResult[] };
}

export interface Results {
  date: string;
  machine: Record<string, string | number>;
  settings: { quick: boolean; connections: number; seconds: number; warmupSeconds: number };
  datasets: Record<string, NetworkSize>;
  ceiling: { bodyBytes: number; runs: LoadResult[]; reqPerSec: number };
  runs: DatabaseRun[];
  feedGrowth: FeedGrowth | null;
  web: Record<string, unknown> | { skipped: string };
  media: MediaBenchResult | { skipped: string };
  /** Issue 14's notification streams figure (absent from runs before it was part of the bench). */
  streams?: StreamsResult | null;
  /** Issue 49's federation figures (absent from runs before them). */
  federation?: FederationResults;
  targets: Target[];
  notes: string[];
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const pct = (ratio: number) => `${fmt(ratio * 100, 1)} %`;
const cpu = (r: LoadResult) => (r.cpuMsPerRequest === null ? '—' : `${fmt(r.cpuMsPerRequest, 2)} ms`);

/** The Markdown tables of docs/performance.md. */
export function markdown(results: Results, titles: Record<ScenarioName, string>): string {
  const lines: string[] = [];
  lines.push(
    `Run: ${results.date} on ${results.machine.cpuModel} (${results.machine.cpus} cores, ${results.machine.memoryGb} GB), ` +
      `Node ${results.machine.node}, ${results.settings.connections} connections, ${results.settings.seconds} s per scenario ` +
      `after ${results.settings.warmupSeconds} s of warm-up${results.settings.quick ? ' (--quick: the small network only)' : ''}. ` +
      `Load average at start: ${results.machine.loadAverageAtStart}.`,
  );
  lines.push('');
  lines.push(
    '| scenario | database | req/s | p50 | p99 | vs ceiling | server CPU per request | failures | server peak RSS |',
  );
  lines.push('|---|---|---:|---:|---:|---:|---:|---:|---:|');
  lines.push(
    `| bare node:http, ${fmt(results.ceiling.bodyBytes)} B body (ceiling) | none | ${fmt(results.ceiling.reqPerSec)} | ` +
      `${results.ceiling.runs.map((r) => `${r.p50Ms} ms`).join(' / ')} | ${results.ceiling.runs.map((r) => `${r.p99Ms} ms`).join(' / ')} | 100 % | ` +
      `${results.ceiling.runs.map(cpu).join(' / ')} | ${results.ceiling.runs.reduce((n, r) => n + r.failures, 0)} | |`,
  );
  for (const run of results.runs) {
    for (const [name, r] of Object.entries(run.scenarios) as [ScenarioName, LoadResult & { peakRssMb: number }][]) {
      const ratio = name === 'login' ? '(apart)' : pct(r.reqPerSec / results.ceiling.reqPerSec);
      lines.push(
        `| ${titles[name]} | ${run.database} (${run.dataset}) | ${fmt(r.reqPerSec)} | ${r.p50Ms} ms | ${r.p99Ms} ms | ` +
          `${ratio} | ${cpu(r)} | ${r.failures} | ${fmt(r.peakRssMb)} MB |`,
      );
    }
    lines.push(...conversationTrainingRows(`${run.database} (${run.dataset})`, run.more, results.ceiling.reqPerSec));
  }
  if (results.feedGrowth) {
    const g = results.feedGrowth;
    lines.push('');
    lines.push(
      `Feed growth, 10,000 → 1,000,000 posts (the same 1,000 viewers, whole pages on both; three alternating rounds each, medians): p50 ${fmt(g.smallP50Ms, 2)} → ` +
        `${fmt(g.fullP50Ms, 2)} ms (${fmt(g.p50Ratio, 2)}×; the median of every answer's own time), server CPU per request ${fmt(g.smallCpuMs, 2)} → ${fmt(g.fullCpuMs, 2)} ms ` +
        `(${fmt(g.cpuRatio, 2)}×).`,
    );
  }
  if ('firstPostMs' in results.web) {
    const w = results.web as {
      firstPostMs: number;
      firstPostRunsMs: number[];
      jsTransferBytes: number;
      jsDecodedBytes: number;
      jsFiles: number;
    };
    lines.push('');
    lines.push(
      `Web, /landing on the full network in headless Chromium (fresh context each time): first post visible after ` +
        `${fmt(w.firstPostMs)} ms (median of ${w.firstPostRunsMs.join(', ')} ms); ${fmt(w.jsTransferBytes / 1024, 1)} KB of ` +
        `JavaScript transferred (${fmt(w.jsDecodedBytes / 1024, 1)} KB decoded) in ${w.jsFiles} files.`,
    );
  }
  if ('jpeg12mpMs' in results.media) {
    lines.push('');
    lines.push(
      `Media: a 12-megapixel phone JPEG (EXIF with GPS) cleaned in ${fmt(results.media.jpeg12mpMs)} ms (upright, 2048 px, ` +
        `WebP, no metadata; median of 5); ${fmt(results.media.uploadsPerSecond1mb, 1)} uploads of 1 MB photos per second ` +
        'over HTTP (4 at a time).',
    );
  }
  if (results.streams) {
    const s = results.streams;
    lines.push('');
    lines.push(
      `Notification streams: one server (SQLite) holding ${fmt(s.streams)} open streams of distinct people, RSS ` +
        `${fmt(s.rssBeforeMb)} → ${fmt(s.rssWithStreamsMb)} MB (${fmt(s.growthPerStreamKb)} KB a stream); a like reached ` +
        `the liked person's stream ${fmt(s.likeToEventMs)} ms after it was sent.`,
    );
  }
  lines.push(...federationLines(results.federation));
  lines.push('');
  lines.push('| figure | target | measured | result |');
  lines.push('|---|---|---|---|');
  for (const t of results.targets) {
    const verdict = t.pass === null ? 'not measured' : t.pass ? 'pass' : 'MISS';
    lines.push(`| ${t.figure} | ${t.target} | ${t.measured} | ${verdict}${t.margin ? ` (${t.margin})` : ''} |`);
  }
  if (results.notes.length) {
    lines.push('');
    for (const note of results.notes) lines.push(`- ${note}`);
  }
  return lines.join('\n');
}
