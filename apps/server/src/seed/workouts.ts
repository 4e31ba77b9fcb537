import type { WorkoutInput } from '@spotter/contract/schemas';
import { seedShiftMs } from './clock';

/**
 * Eight weeks of training for the demo people (28 September to 22 November 2026, moved forward by
 * whole days to end this week: seed/clock.ts), so that records, streaks and progress charts show
 * something. Deterministic but for that move: every number comes from the week and the day, nothing
 * from a random source.
 */

type Set = WorkoutInput['exercises'][number]['sets'][number];
type Entry = { exerciseId: string; sets: Set[] };

export interface SeedWorkout {
  key: string;
  /** The seed user's key (data.ts). */
  owner: string;
  workout: WorkoutInput;
}

const firstMonday = Date.UTC(2026, 8, 28) + seedShiftMs;
export const seedWeeks = 8;

const lift = (weightKg: number, reps: number, count: number, warmup?: number): Set[] => [
  ...(warmup === undefined ? [] : [{ type: 'warmup' as const, weightKg: warmup, reps: 8 }]),
  ...Array.from({ length: count }, () => ({ type: 'normal' as const, weightKg, reps })),
];
const reps = (count: number, sets: number): Set[] =>
  Array.from({ length: sets }, () => ({ type: 'normal', reps: count }));
const hold = (seconds: number, sets: number): Set[] =>
  Array.from({ length: sets }, () => ({ type: 'normal', durationSec: seconds }));
const cover = (metres: number, seconds: number): Set[] => [{ type: 'normal', distanceM: metres, durationSec: seconds }];
/** Plates go up in 2.5 kg steps. */
const plate = (kg: number) => Math.round(kg / 2.5) * 2.5;

interface Plan {
  owner: string;
  /** Day of the week (0 = Monday) and hour (UTC) of each session. */
  days: [number, number][];
  title: (week: number, session: number) => string;
  durationMin: number;
  exercises: (week: number, session: number) => Entry[];
}

const plans: Plan[] = [
  {
    owner: 'maya',
    days: [
      [0, 7],
      [2, 7],
      [4, 7],
    ],
    title: (_w, s) => ['Squat day', 'Bench day', 'Deadlift day'][s] ?? 'Training',
    durationMin: 75,
    exercises: (w, s) =>
      [
        [
          { exerciseId: 'barbell-back-squat', sets: lift(plate(130 + 2.5 * w), 5 - (w % 3), 4, 60) },
          { exerciseId: 'romanian-deadlift', sets: lift(plate(90 + 2 * w), 8, 3) },
        ],
        [
          { exerciseId: 'barbell-bench-press', sets: lift(plate(75 + 1.25 * w), 5, 5, 40) },
          { exerciseId: 'overhead-press', sets: lift(plate(45 + w), 6, 3) },
          { exerciseId: 'pull-up', sets: reps(8 + (w >> 1), 3) },
        ],
        [
          { exerciseId: 'conventional-deadlift', sets: lift(plate(160 + 2.5 * w), 3, 3, 100) },
          { exerciseId: 'plank', sets: hold(60 + 5 * w, 3) },
        ],
      ][s] ?? [],
  },
  {
    owner: 'dan',
    days: [
      [1, 18],
      [3, 18],
      [5, 9],
    ],
    title: () => 'Full body',
    durationMin: 60,
    exercises: (w) => [
      { exerciseId: 'barbell-back-squat', sets: lift(plate(100 + 2.5 * w), 8, 3) },
      { exerciseId: 'dumbbell-bench-press', sets: lift(plate(30 + w), 10, 3) },
      { exerciseId: 'lat-pulldown', sets: lift(plate(60 + 1.5 * w), 10, 3) },
    ],
  },
  {
    owner: 'priya',
    days: [
      [1, 6],
      [3, 6],
      [6, 8],
    ],
    title: (_w, s) => ['Easy run', 'Tempo run', 'Long run'][s] ?? 'Run',
    durationMin: 50,
    exercises: (w, s) => {
      const km = [8, 10, 18 + 2 * w][s] ?? 8;
      const pace = [330, 290, 345][s] ?? 330;
      return [{ exerciseId: 'running', sets: cover(km * 1000, km * (pace - 2 * w)) }];
    },
  },
  {
    owner: 'mo',
    days: [
      [0, 19],
      [3, 19],
    ],
    title: () => 'Mobility flow',
    durationMin: 30,
    exercises: (w) => [
      { exerciseId: 'cat-cow', sets: reps(10, 2) },
      { exerciseId: 'deep-squat-hold', sets: hold(60 + 10 * w, 3) },
      { exerciseId: 'pigeon-stretch', sets: hold(45 + 5 * w, 2) },
      { exerciseId: 'dead-hang', sets: hold(30 + 5 * w, 3) },
    ],
  },
  {
    owner: 'lena',
    days: [
      [1, 12],
      [4, 12],
    ],
    title: () => 'Lunch lift',
    durationMin: 40,
    exercises: (w) => [
      { exerciseId: 'goblet-squat', sets: lift(plate(16 + w), 12, 3) },
      { exerciseId: 'walking-lunge', sets: lift(plate(10 + w / 2), 10, 3) },
      { exerciseId: 'push-up', sets: reps(12 + w, 3) },
    ],
  },
  {
    owner: 'kai',
    days: [
      [0, 6],
      [2, 6],
      [4, 6],
    ],
    title: () => 'Kettlebell session',
    durationMin: 35,
    exercises: (w) => [
      { exerciseId: 'kettlebell-swing', sets: lift(w < 4 ? 24 : 28, 15 + (w % 4) * 5, 5) },
      { exerciseId: 'turkish-get-up', sets: lift(w < 5 ? 16 : 20, 3, 2) },
    ],
  },
  {
    owner: 'tom',
    days: [
      [2, 17],
      [5, 8],
    ],
    title: (_w, s) => ['Trail run', 'Weekend hike'][s] ?? 'Trail',
    durationMin: 90,
    exercises: (w, s) =>
      s === 0
        ? [{ exerciseId: 'trail-running', sets: cover(12_000 + 500 * w, 4_500 + 150 * w) }]
        : [{ exerciseId: 'hiking', sets: cover(16_000 + 1_000 * w, 16_000 + 900 * w) }],
  },
  {
    owner: 'guest',
    days: [
      [1, 17],
      [4, 17],
    ],
    title: () => 'Gym session',
    durationMin: 45,
    exercises: (w) => [
      { exerciseId: 'barbell-bench-press', sets: lift(plate(50 + 1.25 * w), 8, 3, 30) },
      { exerciseId: 'barbell-back-squat', sets: lift(plate(60 + 2.5 * w), 8, 3) },
      { exerciseId: 'walking', sets: cover(2_000, 1_200) },
    ],
  },
];

export const seedWorkouts: SeedWorkout[] = plans.flatMap((plan) =>
  Array.from({ length: seedWeeks }, (_, week) =>
    plan.days.map(([day, hour], session) => ({
      key: `${plan.owner}:${week}:${session}`,
      owner: plan.owner,
      workout: {
        title: plan.title(week, session),
        startedAt: new Date(firstMonday + ((week * 7 + day) * 24 + hour) * 3_600_000).toISOString(),
        durationSec: plan.durationMin * 60,
        notes: '',
        exercises: plan.exercises(week, session).map((e) => ({ ...e, notes: '' })),
      },
    })),
  ).flat(),
);

/** Seed posts that share the workout of their day (post key -> workout key). */
export const seedPostWorkouts: Record<string, string> = { 'maya-meet': 'maya:4:2' };
