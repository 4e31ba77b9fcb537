import type { LastSession } from '@spotter/contract';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { ExerciseRow } from '../../db/schema/exercises';
import type { RoutineRow } from '../../db/schema/routines';
import { toApiTimestamp } from '../../db/time';
import { parseStoredExercises, routineAnswer, type StoredRoutineExercise } from './routine-answer';
import { serializeRoutines } from './routine-serializer';

const tricky = 'quotes " and \\ backslash, a tab\t, a newline\n, é, 💪, a lone \ud800 surrogate, \u0001 and </script>';

const exerciseRow = (id: string, over: Partial<ExerciseRow> = {}): ExerciseRow => ({
  id,
  owner_id: null,
  name: `Exercise ${id}`,
  name_key: id,
  category: 'strength',
  measure: 'weight_reps',
  equipment: 'barbell',
  primary_muscles: '[]',
  secondary_muscles: '[]',
  created_at: '2026-11-01T00:00:00.000Z',
  ...over,
});

const exercises = new Map([
  ['bench', exerciseRow('bench', { name: tricky })],
  ['run', exerciseRow('run', { name: 'Running', category: 'cardio', measure: 'distance_duration' })],
  ['plank', exerciseRow('plank', { name: 'Plank', category: 'bodyweight', measure: 'duration' })],
]);

const stored: StoredRoutineExercise[] = [
  {
    exerciseId: 'bench',
    notes: tricky,
    restSec: 90,
    supersetGroup: 2,
    sets: [
      { type: 'warmup', reps: 10, weightKg: 40, distanceM: null, durationSec: null },
      { type: 'normal', reps: null, weightKg: 62.5, distanceM: null, durationSec: null },
    ],
  },
  // No longer visible to the owner: left out of the answer.
  {
    exerciseId: 'gone',
    notes: '',
    restSec: null,
    supersetGroup: null,
    sets: [{ type: 'normal', reps: 5, weightKg: null, distanceM: null, durationSec: null }],
  },
  {
    exerciseId: 'run',
    notes: '',
    restSec: null,
    supersetGroup: null,
    sets: [{ type: 'normal', reps: null, weightKg: null, distanceM: 5000.5, durationSec: 1650 }],
  },
  {
    exerciseId: 'plank',
    notes: '',
    restSec: 0,
    supersetGroup: null,
    sets: [{ type: 'failure', reps: null, weightKg: null, distanceM: null, durationSec: 90 }],
  },
];

const row = (k: number, over: Partial<RoutineRow> = {}): RoutineRow => ({
  id: k,
  public_id: `0b6f3c1e-4d2a-4c55-9a0e-00000000000${k}`,
  user_id: 1,
  title: `Routine ${k}`,
  notes: '',
  exercises: JSON.stringify(stored),
  created_at: '2026-11-24T05:00:00.000Z',
  // PostgreSQL's text for a timestamp: made ISO by the answer.
  updated_at: '2026-11-24 06:00:00.123+00',
  ...over,
});

const rows = [row(1, { title: tricky, notes: tricky }), row(2), row(3, { exercises: '[]' })];

const last = new Map<string, NonNullable<LastSession>>([
  [
    'bench',
    {
      workoutId: 'w1',
      startedAt: '2026-11-20T07:00:00.000+00:00',
      sets: [
        { type: 'normal', reps: 5, weightKg: 100, distanceM: null, durationSec: null, rpe: 8.5, done: true },
        { type: 'drop', reps: 8, weightKg: 80, distanceM: null, durationSec: null, rpe: null, done: false },
      ],
    },
  ],
]);

/** The answer as routineAnswer built it before: each stored exercise spread, then JSON.stringify. */
const spreadAnswer = (r: RoutineRow, withLast: boolean) => ({
  _id: r.public_id,
  title: r.title,
  notes: r.notes,
  exercises: parseStoredExercises(r).flatMap((e) => {
    const exercise = exercises.get(e.exerciseId);
    if (!exercise) return [];
    return [
      {
        ...e,
        name: exercise.name,
        category: exercise.category,
        measure: exercise.measure,
        ...(withLast ? { last: last.get(e.exerciseId) ?? null } : {}),
      },
    ];
  }),
  createdAt: toApiTimestamp(r.created_at),
  updatedAt: toApiTimestamp(r.updated_at),
});

/** Answers `answer` from a route that serializes it as a routine answer; the body as the client reads it. */
async function answered(answer: Parameters<typeof serializeRoutines>[1]) {
  const app = Fastify();
  app.get('/', async (_request, reply) => {
    serializeRoutines(reply, answer);
    return answer;
  });
  const res = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return res;
}

describe('routine answers serialized from the contract', () => {
  it.each([
    ['a list of routines', false],
    ['a list of routines with their last sessions', true],
  ])('%s: the bytes JSON.stringify wrote for the spread answer', async (_name, withLast) => {
    const answer = { routines: rows.map((r) => routineAnswer(r, exercises, withLast ? last : undefined)) };
    const res = await answered(answer);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toBe(JSON.stringify({ routines: rows.map((r) => spreadAnswer(r, withLast)) }));
    expect(res.body).toBe(JSON.stringify(answer));
    const sent = JSON.parse(res.body).routines[0];
    expect(sent.exercises.map((e: { exerciseId: string }) => e.exerciseId)).toEqual(['bench', 'run', 'plank']);
    expect(sent.exercises[0].last === undefined).toBe(!withLast);
  });

  it('one routine, with and without its last sessions, and no routines at all', async () => {
    for (const withLast of [false, true]) {
      const routine = routineAnswer(rows[0] as RoutineRow, exercises, withLast ? last : undefined);
      const res = await answered({ routine });
      expect(res.body).toBe(JSON.stringify({ routine: spreadAnswer(rows[0] as RoutineRow, withLast) }));
    }
    expect((await answered({ routines: [] })).body).toBe('{"routines":[]}');
  });
});
