import { describe, expect, it } from 'vitest';
import { createExerciseBodySchema, exerciseSearchQuerySchema } from './exercises';
import { describeIssues } from './validation';
import { workoutBodySchema } from './workouts';

const squat = (sets: unknown[]) => ({ exerciseId: 'barbell-back-squat', sets });
const body = (workout: Record<string, unknown>) => ({
  workout: {
    title: 'Legs',
    startedAt: '2026-11-23T07:30:00Z',
    exercises: [squat([{ reps: 5, weightKg: 100 }])],
    ...workout,
  },
});
const problems = (value: unknown) => {
  const result = workoutBodySchema.safeParse(value);
  return result.success ? [] : describeIssues(result.error);
};

describe('a workout as sent', () => {
  it('is accepted with its defaults filled in', () => {
    const parsed = workoutBodySchema.parse(body({}));
    expect(parsed.workout.notes).toBe('');
    expect(parsed.workout.exercises[0]?.sets[0]?.type).toBe('normal');
  });

  it('keeps weights within 0 to 1000 kg and RPE within 6 to 10 in halves', () => {
    expect(problems(body({ exercises: [squat([{ reps: 1, weightKg: 1000.5 }])] }))).toEqual([
      'workout.exercises.0.sets.0.weightKg: must be between 0 and 1000 kg',
    ]);
    expect(problems(body({ exercises: [squat([{ reps: 1, weightKg: -1 }])] }))).toHaveLength(1);
    for (const rpe of [11, 5.5, 8.25, 0.5]) {
      expect(problems(body({ exercises: [squat([{ reps: 5, weightKg: 100, rpe }])] })), String(rpe)).toEqual([
        'workout.exercises.0.sets.0.rpe: must be 6 to 10 in steps of 0.5',
      ]);
    }
    for (const rpe of [6, 7.5, 10]) {
      expect(problems(body({ exercises: [squat([{ reps: 5, weightKg: 1000, rpe }])] }))).toEqual([]);
    }
  });

  it('takes at most 50 exercises and 100 sets per exercise, and at least one of each', () => {
    const set = { reps: 5, weightKg: 60 };
    expect(problems(body({ exercises: Array.from({ length: 50 }, () => squat([set])) }))).toEqual([]);
    expect(problems(body({ exercises: Array.from({ length: 51 }, () => squat([set])) }))).toEqual([
      'workout.exercises: must have at most 50 exercises',
    ]);
    expect(problems(body({ exercises: [squat(Array.from({ length: 100 }, () => set))] }))).toEqual([]);
    expect(problems(body({ exercises: [squat(Array.from({ length: 101 }, () => set))] }))).toEqual([
      'workout.exercises.0.sets: must have at most 100 sets',
    ]);
    expect(problems(body({ exercises: [] }))).toEqual(['workout.exercises: must have at least one exercise']);
    expect(problems(body({ exercises: [squat([])] }))).toEqual([
      'workout.exercises.0.sets: must have at least one set',
    ]);
  });

  it('needs a title and a date and time with its offset', () => {
    expect(problems(body({ title: '  ' }))).toEqual(['workout.title: is required']);
    expect(problems(body({ startedAt: 'yesterday' }))).toEqual([
      'workout.startedAt: must be an ISO 8601 date and time, e.g. 2026-11-23T07:30:00Z',
    ]);
    expect(problems(body({ startedAt: '2026-11-23T08:30:00+01:00' }))).toEqual([]);
    expect(problems(body({ startedAt: '1066-10-14T09:00:00Z' }))).toEqual([
      'workout.startedAt: must be between the years 1900 and 2200',
    ]);
  });

  it('refuses whole numbers that are not whole, and unknown set types', () => {
    expect(problems(body({ exercises: [squat([{ reps: 5.5, weightKg: 100 }])] }))).toEqual([
      'workout.exercises.0.sets.0.reps: must be a whole number',
    ]);
    expect(problems(body({ exercises: [squat([{ reps: 5, type: 'superset' }])] }))).toHaveLength(1);
  });
});

describe('a custom exercise as sent', () => {
  const exercise = { name: 'Zottman Curl', category: 'strength', measure: 'weight_reps', primaryMuscles: ['biceps'] };

  it('is accepted with no secondary muscles and no equipment by default', () => {
    expect(createExerciseBodySchema.parse({ exercise }).exercise).toEqual({
      ...exercise,
      secondaryMuscles: [],
      equipment: 'none',
    });
  });

  it('needs a name with a letter or digit, one primary muscle or more, and known tags', () => {
    const issues = (value: object) => {
      const result = createExerciseBodySchema.safeParse({ exercise: { ...exercise, ...value } });
      return result.success ? [] : describeIssues(result.error);
    };
    expect(issues({ name: '!!!' })).toEqual(['exercise.name: must contain a letter or a digit']);
    expect(issues({ primaryMuscles: [] })).toEqual(['exercise.primaryMuscles: must name at least one muscle']);
    expect(issues({ secondaryMuscles: ['biceps'] })).toEqual([
      'exercise.secondaryMuscles: must not repeat a primary muscle',
    ]);
    expect(issues({ measure: 'weight' })).toHaveLength(1);
  });
});

describe('an exercise search', () => {
  it('takes at most 500 answers (the whole catalogue, kept for offline search), 20 by default', () => {
    expect(exerciseSearchQuerySchema.parse({})).toEqual({ q: '', limit: 20 });
    expect(exerciseSearchQuerySchema.safeParse({ limit: '501' }).success).toBe(false);
    expect(exerciseSearchQuerySchema.parse({ q: ' curl ', limit: '500' })).toEqual({ q: 'curl', limit: 500 });
  });
});
