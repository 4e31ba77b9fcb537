import { describe, expect, it } from 'vitest';
import { type ExerciseSession, replayRecords, sessionBests } from './records';
import type { SetValues } from './set-metrics';

const lift = (weightKg: number, reps: number, type: SetValues['type'] = 'normal'): SetValues => ({
  type,
  reps,
  weightKg,
  distanceM: null,
  durationSec: null,
  rpe: null,
});
const run = (distanceM: number, durationSec: number): SetValues => ({
  type: 'normal',
  reps: null,
  weightKg: null,
  distanceM,
  durationSec,
  rpe: null,
});

const session = (workoutId: string, sets: SetValues[], exerciseId: string, startedAt: string): ExerciseSession => ({
  workoutId,
  exerciseId,
  startedAt,
  sets,
});
const at = (d: number) => new Date(Date.UTC(2026, 5, d, 7)).toISOString();

/** The records of each workout, as `type value (previous)`. */
function recordsByWorkout(sessions: ExerciseSession[]) {
  const byWorkout: Record<string, string[]> = {};
  for (const r of replayRecords(sessions).records) {
    const weight = r.weightKg === null ? '' : ` @${r.weightKg}`;
    byWorkout[r.workoutId] = [...(byWorkout[r.workoutId] ?? []), `${r.type} ${r.value}${weight} (${r.previous})`];
  }
  return byWorkout;
}

describe('personal records', () => {
  it('are set by beating an earlier best; the first session only starts the table', () => {
    const result = recordsByWorkout([
      session('w1', [lift(100, 5)], 'squat', at(1)),
      session('w2', [lift(105, 5)], 'squat', at(2)),
    ]);
    expect(result).toEqual({
      w2: ['heaviestWeight 105 (100)', 'bestE1rm 122.5 (116.67)', 'bestVolume 525 (500)'],
    });
  });

  it('are not set by a tie', () => {
    expect(
      recordsByWorkout([session('w1', [lift(100, 5)], 'squat', at(1)), session('w2', [lift(100, 5)], 'squat', at(2))]),
    ).toEqual({});
  });

  it('leave warm-ups out, however heavy', () => {
    const result = recordsByWorkout([
      session('w1', [lift(100, 5)], 'squat', at(1)),
      session('w2', [lift(140, 1, 'warmup'), lift(100, 5)], 'squat', at(2)),
    ]);
    expect(result).toEqual({});
  });

  it('count the most reps at exactly one weight, once that weight has been lifted before', () => {
    const result = recordsByWorkout([
      session('w1', [lift(100, 5), lift(80, 8)], 'squat', at(1)),
      session('w2', [lift(100, 4), lift(80, 10), lift(90, 12)], 'squat', at(2)),
    ]);
    expect(result.w2).toContain('mostReps 10 @80 (8)');
    expect(result.w2?.filter((r) => r.startsWith('mostReps'))).toEqual(['mostReps 10 @80 (8)']);
  });

  it('count the longest distance and the fastest pace (seconds per km: less is better)', () => {
    const result = recordsByWorkout([
      session('w1', [run(5000, 1500)], 'running', at(1)),
      session('w2', [run(5000, 1450)], 'running', at(2)),
      session('w3', [run(10000, 3200)], 'running', at(3)),
    ]);
    expect(result).toEqual({
      w2: ['fastestPace 290 (300)', 'fastest1k 290 (300)', 'fastest5k 1450 (1500)'],
      // 320 s/km: its 5 km (1600 s) beats nothing; its 10 km is the first (nothing to beat).
      w3: ['longestDistance 10000 (5000)'],
    });
  });

  it('are judged by startedAt, not by the order workouts were logged in', () => {
    const result = recordsByWorkout([
      session('late', [lift(110, 5)], 'squat', at(3)),
      session('early', [lift(100, 5)], 'squat', at(1)),
    ]);
    expect(Object.keys(result)).toEqual(['late']);
  });

  it('order two workouts started at the same instant by id', () => {
    const result = recordsByWorkout([
      session('b', [lift(110, 5)], 'squat', at(1)),
      session('a', [lift(100, 5)], 'squat', at(1)),
    ]);
    expect(Object.keys(result)).toEqual(['b']);
  });

  it('keep exercises apart', () => {
    const result = recordsByWorkout([
      session('w1', [lift(100, 5)], 'squat', at(1)),
      session('w2', [lift(60, 5)], 'bench', at(2)),
      session('w3', [lift(70, 5)], 'bench', at(3)),
    ]);
    expect(result.w3).toContain('heaviestWeight 70 (60)');
    expect(result.w2).toBeUndefined();
  });

  it('take an exercise logged twice in one workout as one session (its volume adds up)', () => {
    const result = recordsByWorkout([
      session('w1', [lift(100, 5)], 'squat', at(1)),
      session('w2', [lift(100, 3)], 'squat', at(2)),
      session('w2', [lift(100, 3)], 'squat', at(2)),
    ]);
    expect(result).toEqual({ w2: ['bestVolume 600 (500)'] });
  });

  it('of later workouts change when an earlier workout is edited or deleted', () => {
    const w1 = session('w1', [lift(100, 5)], 'squat', at(1));
    const w2 = session('w2', [lift(105, 5)], 'squat', at(2));
    const w3 = session('w3', [lift(110, 5)], 'squat', at(3));
    expect(recordsByWorkout([w1, w2, w3]).w3).toContain('heaviestWeight 110 (105)');

    const edited = { ...w1, sets: [lift(120, 5)] };
    expect(recordsByWorkout([edited, w2, w3])).toEqual({});

    const deleted = recordsByWorkout([w2, w3]);
    expect(deleted.w2).toBeUndefined();
    expect(deleted.w3).toEqual(['heaviestWeight 110 (105)', 'bestE1rm 128.33 (122.5)', 'bestVolume 550 (525)']);

    // An earlier workout moved after the others (its startedAt edited) now beats nothing of its own.
    const moved = { ...w1, startedAt: at(4), sets: [lift(108, 5)] };
    expect(recordsByWorkout([w2, w3, moved]).w1).toBeUndefined();
  });

  it('replayed from the bests of earlier sessions give what a full replay gives', () => {
    const sessions = [
      session('w1', [lift(100, 5), run(0, 0)], 'squat', at(1)),
      session('w2', [lift(105, 3)], 'squat', at(2)),
      session('w3', [lift(105, 6), lift(100, 8)], 'squat', at(3)),
      session('w4', [lift(110, 1)], 'squat', at(4)),
    ];
    const full = replayRecords(sessions);
    const head = replayRecords(sessions.slice(0, 2));
    const tail = replayRecords(sessions.slice(2), head.bests);
    expect(tail.records).toEqual(full.records.filter((r) => r.workoutId === 'w3' || r.workoutId === 'w4'));
    expect(tail.bests).toEqual(full.bests);
  });

  it('of a session ignore sets of 0 reps or 0 m', () => {
    const bests = sessionBests([lift(200, 0), run(0, 100)]);
    expect(bests.scalar).toEqual({});
    expect(bests.repsAtWeight.size).toBe(0);
  });
});

describe('records by measure (issue 46)', () => {
  const hold = (durationSec: number, done?: boolean): SetValues => ({
    type: 'normal',
    reps: null,
    weightKg: null,
    distanceM: null,
    durationSec,
    rpe: null,
    ...(done === undefined ? {} : { done }),
  });

  it('a hold sets longestDuration; a set not done counts for nothing', () => {
    expect(
      recordsByWorkout([
        session('a', [hold(60)], 'plank', at(1)),
        session('b', [hold(300, false), hold(90)], 'plank', at(2)),
        session('c', [hold(120, false)], 'plank', at(3)),
      ]),
    ).toEqual({ b: ['longestDuration 90 (60)'] });
  });

  it('best 1, 5 and 10 km come from sets covering the distance, at their average pace', () => {
    expect(sessionBests([run(10_000, 3300), run(800, 150)]).scalar).toEqual({
      longestDistance: 10_000,
      fastestPace: 187.5,
      fastest1k: 330,
      fastest5k: 1650,
      fastest10k: 3300,
    });
    expect(sessionBests([run(4999, 1200)]).scalar).toMatchObject({ fastest1k: 240.05 });
    expect(sessionBests([run(4999, 1200)]).scalar.fastest5k).toBeUndefined();
  });
});
