import { apiErrors, trainingErrors } from '@spotter/contract';
import { workoutPageSchema, workoutResponseSchema } from '@spotter/contract/schemas';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/test-app';

const t = useTestApp();

/** A workout as the offline outbox sends it: the same body and key on every try. */
const squats = (title: string) => ({
  workout: {
    title,
    startedAt: '2026-11-20T07:00:00.000Z',
    exercises: [{ exerciseId: 'barbell-back-squat', sets: [{ reps: 5, weightKg: 100 }] }],
  },
});

const save = (token: string, body: unknown, key?: string) =>
  t().call('POST', '/api/workouts', {
    token,
    headers: key === undefined ? {} : { 'idempotency-key': key },
    body,
  });

const titlesOf = async (username: string, token: string) =>
  workoutPageSchema
    .parse((await t().call('GET', `/api/users/${username}/workouts?limit=50`, { token })).json())
    .workouts.map((w) => w.title);

describe('Idempotency-Key on POST /api/workouts (issue 48: the offline outbox retries until answered)', () => {
  it('a replay answers the workout the first call stored, and stores no second one', async () => {
    const me = await t().signup('wik_one');
    const first = await save(me.token, squats('Leg day'), 'outbox-1');
    expect(first.statusCode, first.body).toBe(201);
    const again = await save(me.token, squats('Leg day'), 'outbox-1');
    expect(again.statusCode, again.body).toBe(201);
    expect(workoutResponseSchema.parse(again.json()).workout).toEqual(
      workoutResponseSchema.parse(first.json()).workout,
    );
    expect(await titlesOf('wik_one', me.token)).toEqual(['Leg day']);
  });

  it('gives each new workout an id that sorts after the one before (UUID version 7), with a key or without', async () => {
    const me = await t().signup('wik_ids');
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await save(me.token, squats(`Day ${i}`), i % 2 === 0 ? `outbox-id-${i}` : undefined);
      expect(res.statusCode, res.body).toBe(201);
      ids.push(workoutResponseSchema.parse(res.json()).workout._id);
    }
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...ids].sort()).toEqual(ids);
  });

  it('racing tries with one key store exactly one workout, and each answers it', async () => {
    const me = await t().signup('wik_race');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => save(me.token, squats('Race day'), 'outbox-race')),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    const ids = new Set(answers.map((res) => workoutResponseSchema.parse(res.json()).workout._id));
    expect(ids.size).toBe(1);
    expect(await titlesOf('wik_race', me.token)).toEqual(['Race day']);
  });

  it('a replay of a workout deleted since is a 404, and nothing is stored again', async () => {
    const me = await t().signup('wik_deleted');
    const first = workoutResponseSchema.parse((await save(me.token, squats('Gone day'), 'outbox-2')).json());
    const deleted = await t().call('DELETE', `/api/workouts/${first.workout._id}`, { token: me.token });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const replay = await save(me.token, squats('Gone day'), 'outbox-2');
    expect(replay.statusCode).toBe(404);
    expect(replay.json()).toEqual({ errors: [trainingErrors.workoutNotFound] });
    expect(await titlesOf('wik_deleted', me.token)).toEqual([]);
  });

  it('the key with a different workout is a 422 and changes nothing', async () => {
    const me = await t().signup('wik_other');
    await save(me.token, squats('First'), 'outbox-3');
    const other = await save(me.token, squats('Second'), 'outbox-3');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ errors: [apiErrors.idempotencyKeyReused] });
    expect(await titlesOf('wik_other', me.token)).toEqual(['First']);
  });

  it('keys are per person; a refused workout claims no key; a bad key is a 400', async () => {
    const ann = await t().signup('wik_ann');
    const bob = await t().signup('wik_bob');
    expect((await save(ann.token, squats('Ann'), 'shared')).statusCode).toBe(201);
    expect((await save(bob.token, squats('Bob'), 'shared')).statusCode).toBe(201);
    expect(await titlesOf('wik_bob', bob.token)).toEqual(['Bob']);

    const unknownExercise = {
      workout: { ...squats('Fixed').workout, exercises: [{ exerciseId: 'no-such-lift', sets: [{ reps: 1 }] }] },
    };
    expect((await save(ann.token, unknownExercise, 'fix-me')).statusCode).toBe(400);
    // The corrected workout under the same key is stored: the refusal claimed nothing.
    expect((await save(ann.token, squats('Fixed'), 'fix-me')).statusCode).toBe(201);
    expect((await titlesOf('wik_ann', ann.token)).sort()).toEqual(['Ann', 'Fixed']);

    const bad = await save(ann.token, squats('Bad key'), 'has space');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ errors: [apiErrors.idempotencyKeyInvalid] });
  });
});
