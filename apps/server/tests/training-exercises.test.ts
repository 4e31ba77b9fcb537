import { apiErrors, trainingErrors } from '@spotter/contract';
import { exerciseResponseSchema, exercisesResponseSchema } from '@spotter/contract/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/test-app';

const t = useTestApp();
const people = { ana: '', ben: '' };

beforeAll(async () => {
  people.ana = (await t().signup('ana_lifts')).token;
  people.ben = (await t().signup('ben_lifts')).token;
});

const search = async (query: string, token?: string) => {
  const res = await t().call('GET', `/api/exercises${query}`, token ? { token } : {});
  expect(res.statusCode, res.body).toBe(200);
  return exercisesResponseSchema.parse(res.json()).exercises;
};
const names = async (query: string, token?: string) => (await search(query, token)).map((e) => e.name);

const zottman = { name: 'Zottman Curl', category: 'strength', measure: 'weight_reps', primaryMuscles: ['biceps'] };
const create = (token: string | undefined, exercise: object) =>
  t().call('POST', '/api/exercises', { ...(token ? { token } : {}), body: { exercise } });

describe('GET /api/exercises', () => {
  it('answers catalogue exercises with their tags, anonymously too', async () => {
    const [squat] = await search('?q=barbell%20back%20squat');
    expect(squat).toEqual({
      _id: 'barbell-back-squat',
      name: 'Barbell Back Squat',
      category: 'strength',
      measure: 'weight_reps',
      primaryMuscles: ['quadriceps', 'glutes'],
      secondaryMuscles: ['adductors', 'hamstrings', 'lower_back'],
      equipment: 'barbell',
      custom: false,
    });
  });

  it('holds at least 150 exercises, 20 a call by default and at most 50', async () => {
    expect(await search('')).toHaveLength(20);
    expect(await search('?limit=50')).toHaveLength(50);
    const all = new Set<string>();
    for (const letter of 'abcdefghijklmnopqrstuvwxyz') {
      for (const e of await search(`?q=${letter}&limit=50`)) all.add(e._id);
    }
    expect(all.size).toBeGreaterThanOrEqual(150);
  });

  it('matches regardless of case, accents, spaces and hyphens, names starting with the query first', async () => {
    expect(await names('?q=PULLUP')).toEqual(['Pull-Up', 'Assisted Pull-Up', 'Weighted Pull-Up']);
    expect(await names('?q=pull%20up')).toEqual(await names('?q=Pull-Up'));
    expect(await names('?q=d%C3%A9adlift&limit=3')).toEqual(await names('?q=deadlift&limit=3'));
    const rows = await names('?q=row&limit=50');
    expect(rows[0]).toBe('Rowing Machine');
    expect(rows).toContain('Barbell Row');
    expect(rows.every((name) => name.toLowerCase().includes('row'))).toBe(true);
  });

  it('answers nothing for a name nobody has', async () => {
    expect(await search('?q=underwater%20basket%20weaving')).toEqual([]);
  });

  it('refuses a limit outside 1 to 50 and an over-long query with 400', async () => {
    for (const query of ['?limit=501', '?limit=0', '?limit=ten', `?q=${'x'.repeat(81)}`]) {
      const res = await t().call('GET', `/api/exercises${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors).toHaveLength(1);
    }
  });
});

describe('POST /api/exercises', () => {
  it('adds a custom exercise that only its creator finds', async () => {
    const res = await create(people.ana, { ...zottman, secondaryMuscles: ['forearms'], equipment: 'dumbbell' });
    expect(res.statusCode, res.body).toBe(201);
    const { exercise } = exerciseResponseSchema.parse(res.json());
    expect(exercise).toEqual({
      _id: expect.any(String),
      name: 'Zottman Curl',
      category: 'strength',
      measure: 'weight_reps',
      primaryMuscles: ['biceps'],
      secondaryMuscles: ['forearms'],
      equipment: 'dumbbell',
      custom: true,
    });
    expect(await search('?q=zottman', people.ana)).toEqual([exercise]);
    expect(await search('?q=zottman', people.ben)).toEqual([]);
    expect(await search('?q=zottman')).toEqual([]);
  });

  it('finds an accented custom name from a plain query', async () => {
    const res = await create(people.ana, { ...zottman, name: 'Développé Couché' });
    expect(res.statusCode).toBe(201);
    expect(await names('?q=developpe', people.ana)).toEqual(['Développé Couché']);
  });

  it("refuses a second exercise of the same name (whatever its case and accents) for one person, not another's", async () => {
    await create(people.ana, { ...zottman, name: 'Sled Pull Sprint' });
    const again = await create(people.ana, { ...zottman, name: 'SLED pull-sprint' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ errors: [trainingErrors.exerciseNameTaken] });
    expect((await create(people.ben, { ...zottman, name: 'Sled Pull Sprint' })).statusCode).toBe(201);
  });

  it("lets its creator log a custom exercise that stays unknown to another's workouts, beside the catalogue's", async () => {
    const made = await create(people.ana, { ...zottman, name: 'Pendlay Shrug' });
    expect(made.statusCode, made.body).toBe(201);
    const custom = exerciseResponseSchema.parse(made.json()).exercise._id;
    const workout = (exerciseIds: string[]) => ({
      workout: {
        title: 'Pull day',
        startedAt: '2026-11-02T08:00:00.000Z',
        exercises: exerciseIds.map((exerciseId) => ({ exerciseId, sets: [{ reps: 5, weightKg: 60 }] })),
      },
    });
    const log = (token: string, exerciseIds: string[]) =>
      t().call('POST', '/api/workouts', { token, body: workout(exerciseIds) });
    // Each twice: the second answer comes after both exercises were read once.
    for (let round = 0; round < 2; round++) {
      expect((await log(people.ana, ['conventional-deadlift', custom])).statusCode).toBe(201);
      expect((await log(people.ben, ['conventional-deadlift'])).statusCode).toBe(201);
      const theirs = await log(people.ben, ['conventional-deadlift', custom]);
      expect(theirs.statusCode).toBe(400);
      expect(theirs.json()).toEqual({ errors: [`workout.exercises.1.exerciseId: ${trainingErrors.exerciseNotFound}`] });
      const last = await t().call('GET', `/api/exercises/${custom}/last`, { token: people.ben });
      expect(last.statusCode).toBe(404);
      expect(last.json()).toEqual({ errors: [trainingErrors.exerciseNotFound] });
    }
  });

  it('refuses a bad exercise with 400 naming the field, and an anonymous one with 401', async () => {
    const bad = await create(people.ana, { ...zottman, name: 'Nameless', primaryMuscles: ['spleen'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatch(/^exercise\.primaryMuscles\.0: /);
    const noMeasure = await create(people.ana, { name: 'No Measure', category: 'strength', primaryMuscles: ['chest'] });
    expect(noMeasure.statusCode).toBe(400);
    expect(noMeasure.json().errors[0]).toMatch(/^exercise\.measure: /);
    expect(await names('?q=nameless', people.ana)).toEqual([]);

    const anonymous = await create(undefined, { ...zottman, name: 'Anonymous Curl' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ errors: [apiErrors.invalidToken] });
  });
});
