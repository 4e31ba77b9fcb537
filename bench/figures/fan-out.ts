import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../apps/server/src/db/database';
import { defaultTimelineLength, fanOutPost } from '../../apps/server/src/modules/posts/queries/home-timeline';
import { insertPost } from '../../apps/server/src/modules/posts/queries/posts';

/**
 * The fan-out of one post to about 1,000 followers, finished (issue 13's target), in process on a
 * copy of a generated network's SQLite file: the author with the fewest followers at or above 1,000
 * posts five times; the median of the five fan-out jobs, in ms of wall time. Also runnable alone:
 * `npx tsx bench/figures/fan-out.ts <sqlite file>`.
 */
export async function measureFanout(file: string): Promise<{ followers: number; medianMs: number; runsMs: number[] }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotter-fanout-'));
  const copy = path.join(dir, 'spotter.db');
  fs.copyFileSync(file, copy);
  const db = openDatabase({ kind: 'sqlite', file: copy });
  try {
    const author = await db.kysely
      .selectFrom('users')
      .select(['id', 'follower_count'])
      .where('follower_count', '>=', 1000)
      .orderBy('follower_count')
      .limit(1)
      .executeTakeFirst();
    if (!author) throw new Error('nobody has 1,000 followers in this network');
    const config = { length: defaultTimelineLength, fanoutFollowerLimit: 1_000_000 };
    const runsMs: number[] = [];
    for (let i = 0; i < 5; i++) {
      const postId = await insertPost(db, {
        publicId: crypto.randomUUID(),
        authorId: author.id,
        content: `fan-out bench ${i}`,
        image: null,
        mediaType: null,
        alt: null,
        mediaWidth: null,
        mediaHeight: null,
        photos: null,
        mediaIds: [],
      });
      const started = performance.now();
      await fanOutPost(db, postId, config);
      runsMs.push(Math.round((performance.now() - started) * 10) / 10);
    }
    const medianMs = [...runsMs].sort((a, b) => a - b)[2] ?? Number.NaN;
    return { followers: author.follower_count, medianMs, runsMs };
  } finally {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: npx tsx bench/figures/fan-out.ts <sqlite file>');
  console.log(await measureFanout(file));
}
