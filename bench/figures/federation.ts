import type { LoadResult } from '../load/run-load';
import { judge, type Target } from '../report/judge';
import { type FederationFanOutResult, measureFederationFanOut } from './federation-fan-out';
import { type InboxLoadResult, measureInboxLoad } from './inbox-load';

/**
 * Issue 49's two judged federation figures in `npm run bench` (SQLite): a post fanned out to 50
 * servers (federation-fan-out.ts) and the home feed under inbox load (inbox-load.ts); their targets
 * and their lines of the report.
 */
export interface FederationResults {
  fanOut: FederationFanOutResult | null;
  inbox: InboxLoadResult | null;
}

const failed = (what: string, notes: string[]) => (error: unknown) => {
  notes.push(`${what}: ${error instanceof Error ? error.message : String(error)}`);
  return null;
};

export async function runFederationFigures(options: {
  quick: boolean;
  port: number;
  settings: { connections: number; seconds: number; warmupSeconds: number };
  smallNetwork: string;
  notes: string[];
}): Promise<FederationResults> {
  process.stdout.write('Federation: one post to 1,000 followers on 50 servers (SQLite) ... ');
  const fanOut = await measureFederationFanOut({ database: 'sqlite', port: options.port, quick: options.quick }).catch(
    failed('federation fan-out', options.notes),
  );
  console.log(
    fanOut
      ? `all ${fanOut.servers} taken in ${fanOut.allDeliveredMs.join(', ')} ms; POST p99 ${Math.round(fanOut.remoteP99Ms)} ms ` +
          `with remote followers, ${Math.round(fanOut.localP99Ms)} ms without`
      : 'failed',
  );
  process.stdout.write('Federation: home feed under 200 signed inbox deliveries a second (SQLite) ... ');
  const inbox = await measureInboxLoad({
    port: options.port,
    settings: options.settings,
    rounds: options.quick ? 2 : 3,
    networkFile: options.smallNetwork,
  }).catch(failed('inbox load', options.notes));
  console.log(
    inbox
      ? `p99 ${inbox.idleP99Ms} ms idle, ${inbox.loadedP99Ms} ms loaded; ${inbox.accepted} of ${inbox.sent} accepted, ` +
          `${inbox.stored} stored`
      : 'failed',
  );
  return { fanOut, inbox };
}

export function federationTargets(results: FederationResults | undefined, notes: string[]): Target[] {
  const fanOut = results?.fanOut ?? null;
  const inbox = results?.inbox ?? null;
  // One delivery a server, through its shared inbox: more (one per follower) would be a pass by another road.
  const oneEach = fanOut?.deliveriesPerPost.every((n) => n === fanOut.servers) ?? false;
  if (fanOut && !oneEach) notes.push(`federation fan-out: deliveries per post ${fanOut.deliveriesPerPost.join(', ')}`);
  // Deliveries refused (connections timed out or reset) are noted; the ratio is judged all the same, and
  // a feed run with no answer is a miss (inbox-load.ts), so a server that chokes on the load cannot pass.
  if (inbox && inbox.accepted < inbox.sent)
    notes.push(`inbox load: ${inbox.accepted} of ${inbox.sent} accepted (${inbox.refused})`);
  return [
    judge(
      'one post to 1,000 followers on 50 servers: all 50 shared-inbox deliveries taken (median)',
      oneEach ? (fanOut?.allDeliveredMedianMs ?? null) : null,
      10_000,
      'max',
      'ms',
      0,
    ),
    judge(
      "author's POST /api/posts p99 with 1,000 remote followers ÷ with 1,000 local",
      fanOut?.p99Ratio ?? null,
      1.2,
      'max',
      '×',
    ),
    judge('home feed p99 under 200 signed inbox deliveries/s ÷ idle', inbox?.p99Ratio ?? null, 1.5, 'max', '×'),
  ];
}

const ms = (n: number) => `${Math.round(n).toLocaleString('en')} ms`;
const p99Of = (r: LoadResult) => (r.requests - r.failures > 0 ? ms(r.p99Ms) : 'no answer');

export function federationLines(results: FederationResults | undefined): string[] {
  const lines: string[] = [];
  const f = results?.fanOut;
  if (f) {
    lines.push(
      '',
      `Federation fan-out (${f.database}): a public post by a person with ${f.remoteFollowers.toLocaleString('en')} remote ` +
        `followers on ${f.servers} servers, ${f.deliveriesPerPost.join(' / ')} deliveries, all taken after ` +
        `${f.allDeliveredMs.map(ms).join(' / ')}. POSTs at ${f.postsPerSecond} a second, the two authors in turn: p99 ` +
        `${ms(f.remoteP99Ms)} with remote followers, ${ms(f.localP99Ms)} with local ones ` +
        `(rounds ${f.rounds.map((r) => `${ms(r.remoteP99Ms)} / ${ms(r.localP99Ms)}`).join(', ')}).`,
    );
  }
  const i = results?.inbox;
  if (i) {
    lines.push(
      '',
      `Inbox load (sqlite, small network): ${i.sent.toLocaleString('en')} signed Create(Note) deliveries sent at ` +
        `${i.sentPerSecond.toFixed(0)} a second, ${i.accepted.toLocaleString('en')} accepted${i.refused ? ` (${i.refused})` : ''}, ` +
        `${i.stored.toLocaleString('en')} stored as posts when the server stopped (${i.queued.toLocaleString('en')} still queued). ` +
        `Home feed p99 idle ${i.idle.map(p99Of).join(' / ')}, loaded ${i.loaded.map(p99Of).join(' / ')}.`,
    );
  }
  return lines;
}
