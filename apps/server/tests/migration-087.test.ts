import { cardPostResponseSchema, workoutResponseSchema } from '@spotter/contract/schemas';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { privateRecordsOnCards } from '../src/db/migrations/087-private-records-on-cards';
import { type Person, useTestApp } from './helpers/test-app';

/**
 * 087-private-records-on-cards (issue 45, finding 4): the cards of workout posts stored while their
 * author kept records private lose their best sets and record badges; everyone else's stay whole.
 */
const t = useTestApp();

const logSquat = async (who: Person, startedAt: string, weightKg: number) => {
  const res = await t().call('POST', '/api/workouts', {
    token: who.token,
    body: {
      workout: {
        title: 'Squat day',
        startedAt,
        exercises: [{ exerciseId: 'barbell-back-squat', sets: [{ weightKg, reps: 5 }] }],
      },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return workoutResponseSchema.parse(res.json()).workout._id;
};

/** A post of a workout that beat an earlier one: its card has a best set and record badges. */
async function workoutPost(who: Person): Promise<string> {
  await logSquat(who, '2026-10-03T07:00:00Z', 100);
  const workoutId = await logSquat(who, '2026-10-05T07:00:00Z', 120);
  const made = await t().call('POST', '/api/posts', {
    token: who.token,
    headers: { prefer: 'return=minimal' },
    body: { postData: { content: 'squats', workoutId } },
  });
  expect(made.statusCode, made.body).toBe(201);
  return cardPostResponseSchema.parse(made.json()).post._id;
}

const workoutOf = async (postId: string) =>
  cardPostResponseSchema.parse((await t().call('GET', `/api/posts/${postId}/card`)).json()).post.workout;

describe('migration 087 (private records leave the cards stored before)', () => {
  it('rewrites the cards of people who keep records private, and only theirs', async () => {
    const hider = { ...(await t().signup('m87_hider')), username: 'm87_hider' };
    const shower = { ...(await t().signup('m87_shower')), username: 'm87_shower' };
    const hidden = await workoutPost(hider);
    const shown = await workoutPost(shower);
    // The setting as a server before the fix stored it: the cards were left as they were.
    const key = await t()
      .db.kysely.selectFrom('users')
      .select('id')
      .where('username_key', '=', 'm87_hider')
      .executeTakeFirstOrThrow();
    await t()
      .db.kysely.insertInto('training_settings')
      .values({ user_id: key.id, units: 'kg', time_zone: 'UTC', show_records: 0 })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ show_records: 0 }))
      .execute();
    const before = await workoutOf(hidden);
    expect(before?.exercises[0]?.bestSet).not.toBeNull();
    expect(before?.records.length).toBeGreaterThan(0);
    const other = await workoutOf(shown);

    await privateRecordsOnCards().up(t().db.kysely as unknown as Kysely<unknown>);

    expect(await workoutOf(hidden)).toEqual({
      ...before,
      exercises: before?.exercises.map((e) => ({ ...e, bestSet: null })),
      records: [],
    });
    expect(await workoutOf(shown)).toEqual(other);
  });
});
