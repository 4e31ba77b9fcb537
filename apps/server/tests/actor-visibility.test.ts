import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../src/db/time';
import { actorVisibleTo, hiddenActorsOf } from '../src/modules/safety/queries/visibility';
import { useTestApp } from './helpers/test-app';

/**
 * A notification's actors are filtered by two forms of one rule (decision 041): `actorVisibleTo`, a
 * test per actor row, and `hiddenActorsOf`, the recipient's hidden people as a set. They must agree
 * for every recipient and actor, and both must say what the rule says: not suspended, no block either
 * way, not muted by the recipient.
 */
const t = useTestApp();

const names = ['av_ana', 'av_ben', 'av_cy', 'av_dee', 'av_eli', 'av_fay'] as const;
type Name = (typeof names)[number];
const keys = {} as Record<Name, number>;

const blocks: [Name, Name][] = [
  ['av_ana', 'av_ben'],
  ['av_cy', 'av_ana'],
];
const mutes: [Name, Name][] = [
  ['av_ana', 'av_dee'],
  ['av_ben', 'av_cy'],
];
const suspended: Name[] = ['av_eli'];

/** The rule, written out: what the recipient may be shown of the actor. */
function mayShow(recipient: Name, actor: Name): boolean {
  if (suspended.includes(actor)) return false;
  if (blocks.some(([a, b]) => (a === recipient && b === actor) || (a === actor && b === recipient))) return false;
  return !mutes.some(([a, b]) => a === recipient && b === actor);
}

beforeAll(async () => {
  const db = t().db.kysely;
  for (const name of names) await t().signup(name);
  for (const row of await db.selectFrom('users').select(['id', 'username']).where('username', 'in', names).execute()) {
    keys[row.username as Name] = Number(row.id);
  }
  const at = nowIso();
  for (const [a, b] of blocks) {
    await db.insertInto('blocks').values({ blocker_id: keys[a], blocked_id: keys[b], created_at: at }).execute();
  }
  for (const [a, b] of mutes) {
    await db.insertInto('mutes').values({ muter_id: keys[a], muted_id: keys[b], created_at: at }).execute();
  }
  await db.updateTable('users').set({ suspended_at: at }).where('username', 'in', suspended).execute();
});

describe('actorVisibleTo and hiddenActorsOf', () => {
  it('agree with each other and with the rule for every recipient and actor', async () => {
    const db = t().db.kysely;
    const seen: string[] = [];
    const expected: string[] = [];
    for (const recipient of names) {
      const r = keys[recipient];
      const rows = await sql<{ username: Name; per_row: unknown; by_set: unknown }>`
        select u.username, (case when ${actorVisibleTo(r, 'u.id')} then 1 else 0 end) as per_row,
          (case when u.id not in ${hiddenActorsOf(r)} then 1 else 0 end) as by_set
        from users u where u.username in (${sql.join([...names])}) and u.id <> ${r}`.execute(db);
      for (const row of rows.rows) {
        seen.push(`${recipient}->${row.username}: ${Number(row.per_row)} ${Number(row.by_set)}`);
        const show = mayShow(recipient, row.username) ? 1 : 0;
        expected.push(`${recipient}->${row.username}: ${show} ${show}`);
      }
    }
    expect(seen.sort()).toEqual(expected.sort());
    expect(seen).toHaveLength(names.length * (names.length - 1));
  });
});
