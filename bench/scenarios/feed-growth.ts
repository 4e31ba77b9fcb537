import Database from 'better-sqlite3';
import { createTokens } from '../../apps/server/src/auth/tokens';
import { likerPool, userId, userKey, username } from '../generate/network';
import { Prng } from '../generate/prng';
import type { LoadRequest } from '../load/run-load';
import { pageSize } from './pages';

/**
 * The home feed as the growth figure loads it on both networks: the same 1,000 viewers, drawn from
 * the people whose home on the small network holds a whole page and one more post. The bench's feed
 * scenario draws them from everyone, and on the small network many of them have fewer posts than a
 * page, so the growth figure compared a shorter page with a longer one (docs/performance-log.md, "The
 * home timeline's index made covering", 2026-11-28).
 * Both networks have the same people and follows, so these viewers' pages are whole on the full one too.
 */
export async function growthFeed(smallFile: string, jwtSecret: string): Promise<LoadRequest[]> {
  const db = new Database(smallFile, { readonly: true });
  let candidates: number[];
  try {
    const rows = db
      .prepare('select viewer_id from home_timeline group by viewer_id having count(*) > ? order by viewer_id')
      .all(pageSize) as { viewer_id: number }[];
    candidates = rows.map((r) => r.viewer_id - userKey(0)).filter((u) => u >= likerPool);
  } finally {
    db.close();
  }
  if (candidates.length === 0) throw new Error('nobody has a whole home page on the small network');
  const tokens = createTokens(new TextEncoder().encode(jwtSecret), 86_400);
  const pick = new Prng(7);
  const viewers: string[] = [];
  for (let i = 0; i < 1_000; i++) {
    const u = candidates[pick.int(candidates.length)] ?? likerPool;
    viewers.push(await tokens.sign({ _id: userId(u), username: username(u), ver: 0 }));
  }
  const prng = new Prng(11);
  return [
    {
      method: 'GET',
      setupRequest: (request) => ({
        ...request,
        path: `/api/feed?limit=${pageSize}`,
        headers: { authorization: viewers[prng.int(viewers.length)] ?? '' },
      }),
    },
  ];
}
