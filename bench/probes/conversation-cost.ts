import path from 'node:path';
import { benchTags, discussionEvery, discussionOffset } from '../generate/conversation';
import { likerPool, postId } from '../generate/network';
import { Prng } from '../generate/prng';

/**
 * The CPU of issue 14's reads in process, without HTTP, on a generated network's SQLite file:
 * `npx tsx bench/probes/conversation-cost.ts <sqlite file> [<server src folder>]`. What each route's handler
 * runs: the comment page (the post found, then its page), the notifications page with its
 * unreadCount, the unread count alone, the tag page; 20 items, 1,000 different viewers (never one),
 * each read once to warm the caches, then three rounds; medians of the rounds. The second argument
 * runs another copy of the server's code (e.g. the release before, unpacked under bench/.cache) on
 * its own file, to compare two versions in turns within one process.
 */
const [file, other] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
if (!file) throw new Error('usage: npx tsx bench/probes/conversation-cost.ts <sqlite file> [<server src folder>]');
const src = path.resolve(other ?? path.join(import.meta.dirname, '../../apps/server/src'));
const { openDatabase } = await import(path.join(src, 'db/database.ts'));
const { commentPage } = await import(path.join(src, 'modules/conversation/queries/comments.ts'));
const { notificationPage, unreadCount } = await import(
  path.join(src, 'modules/notifications/queries/notifications.ts')
);
const { findVisiblePost } = await import(path.join(src, 'modules/posts/queries/posts.ts'));
const { tagPage } = await import(path.join(src, 'modules/conversation/queries/tags.ts'));

const db = openDatabase({ kind: 'sqlite', file });
// --statements: time every statement by its SQL text, to see what a page's CPU is spent on.
type Statement = Record<'all' | 'get' | 'run' | 'iterate', (...args: unknown[]) => unknown>;
const statementTimes = new Map<string, number>();
if (process.argv.includes('--statements')) {
  const raw = db.sqlite as unknown as { prepare: (text: string) => Statement };
  const prepare = raw.prepare.bind(raw);
  raw.prepare = (text: string) => {
    const statement = prepare(text);
    for (const method of ['all', 'get', 'run', 'iterate'] as const) {
      const run = statement[method].bind(statement);
      statement[method] = (...args: unknown[]) => {
        const start = process.cpuUsage();
        const result = run(...args);
        const used = process.cpuUsage(start);
        statementTimes.set(text, (statementTimes.get(text) ?? 0) + used.user + used.system);
        return result;
      };
    }
    return statement;
  };
}
const sqlite = db.sqlite as { prepare: (sql: string) => { all: (...args: unknown[]) => unknown[] } };
const prng = new Prng(17);
const viewers = sqlite
  .prepare('select id from users where id > ? order by id limit 1000 offset ?')
  .all(likerPool, prng.int(100)) as { id: number }[];
// The 100 people whose entries gather the most actors (a popular person's follows): where the cost of
// counting and ranking every actor showed.
const crowded = sqlite
  .prepare(
    'select recipient_id as id from notifications group by recipient_id order by max(actor_count) desc limit 100',
  )
  .all() as { id: number }[];
const posts = sqlite.prepare('select count(*) as n from posts').all()[0] as { n: number };
const discussions = Math.floor((posts.n - discussionOffset - 1) / discussionEvery) + 1;
const page = { limit: 20, after: undefined };

// The page with its unread count, as the route answers it: the page carries the count since
// decision 052; code before it counted in a call of its own.
async function pageWithCount(viewer: number | undefined) {
  const result = await notificationPage(db, viewer, page);
  return 'unreadCount' in result ? result : [result, await unreadCount(db, viewer)];
}

const pages: Record<string, (i: number) => Promise<unknown>> = {
  'comment page': async (i) => {
    const viewer = viewers[i]?.id;
    const publicId = postId(((i * 7) % discussions) * discussionEvery + discussionOffset);
    const post = await findVisiblePost(db, publicId, viewer);
    // Code before decision 041 took the post's key alone.
    return commentPage(db, other ? post.id : { id: post.id, publicId }, page, viewer);
  },
  'notifications page': (i) => pageWithCount(viewers[i]?.id),
  'notifications page, the 100 people with the largest groups': (i) => pageWithCount(crowded[i % crowded.length]?.id),
  'unread count': (i) => unreadCount(db, viewers[i]?.id),
  'tag page': (i) => tagPage(db, viewers[i]?.id, benchTags[i % benchTags.length], page),
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
for (const [name, read] of Object.entries(pages)) {
  for (let i = 0; i < viewers.length; i++) await read(i);
  const rounds: number[] = [];
  const system: number[] = [];
  for (let round = 0; round < 3; round++) {
    const start = process.cpuUsage();
    for (let i = 0; i < viewers.length; i++) await read(i);
    const used = process.cpuUsage(start);
    rounds.push((used.user + used.system) / 1000 / viewers.length);
    system.push(used.system / 1000 / viewers.length);
  }
  for (const [text, us] of statementTimes) {
    console.log(`  ${(us / 4 / viewers.length).toFixed(1)} µs per call: ${text.replace(/\s+/g, ' ').slice(0, 160)}`);
  }
  statementTimes.clear();
  console.log(
    `${name}: ${median(rounds).toFixed(3)} ms of CPU per call (rounds ${rounds.map((r) => r.toFixed(3)).join(', ')}; of which system ${median(system).toFixed(3)})`,
  );
}
await db.close();
