import { describe, expect, it } from 'vitest';
import {
  bestE1rm,
  bestSet,
  epleyE1rm,
  exerciseFigures,
  progressFiguresOf,
  type SetValues,
  volumeKg,
} from './set-metrics';

const set = (values: Partial<SetValues>): SetValues => ({
  type: 'normal',
  reps: null,
  weightKg: null,
  distanceM: null,
  durationSec: null,
  rpe: null,
  ...values,
});
const lift = (weightKg: number, reps: number, type: SetValues['type'] = 'normal') => set({ weightKg, reps, type });

describe('estimated one-rep max (Epley)', () => {
  it('is weight x (1 + reps / 30) for 2 to 12 reps, and the weight itself for a single', () => {
    expect(epleyE1rm(100, 5)).toBeCloseTo(116.6667, 4);
    expect(epleyE1rm(100, 12)).toBeCloseTo(140, 10);
    expect(epleyE1rm(140, 1)).toBe(140);
  });

  it('is not estimated outside 1 to 12 reps or without a load', () => {
    expect(epleyE1rm(100, 13)).toBeUndefined();
    expect(epleyE1rm(100, 0)).toBeUndefined();
    expect(epleyE1rm(0, 5)).toBeUndefined();
    expect(epleyE1rm(null, 5)).toBeUndefined();
  });

  it("of an exercise is its best set's, warm-ups and sets over 12 reps left out, to the hundredth", () => {
    expect(bestE1rm([lift(150, 3, 'warmup'), lift(100, 5), lift(105, 3), lift(90, 20)])).toBe(116.67);
    expect(bestE1rm([lift(60, 20), lift(40, 10, 'warmup')])).toBeNull();
  });
});

describe('volume', () => {
  it('sums reps x weight over the sets that are not warm-ups (drop and failure sets count)', () => {
    const sets = [lift(60, 10, 'warmup'), lift(100, 5), lift(100, 5), lift(80, 8, 'drop'), lift(70, 6, 'failure')];
    expect(volumeKg(sets)).toBe(500 + 500 + 640 + 420);
  });

  it('is 0 for sets without a weight (bodyweight reps, runs)', () => {
    expect(volumeKg([set({ reps: 20 }), set({ distanceM: 5000, durationSec: 1500 })])).toBe(0);
  });

  it('is rounded to the hundredth without float noise', () => {
    expect(volumeKg([lift(0.1, 3), lift(0.2, 3)])).toBe(0.9);
  });
});

describe('best set', () => {
  it('is the heaviest work set, more reps breaking a tie, the earlier winning an exact tie', () => {
    const sets = [lift(140, 1, 'warmup'), lift(100, 5), lift(110, 2), lift(110, 3), lift(110, 3)];
    expect(bestSet('weight_reps', sets)).toEqual({ ...lift(110, 3), index: 3 });
  });

  it('is null when every set is a warm-up', () => {
    expect(bestSet('weight_reps', [lift(60, 5, 'warmup')])).toBeNull();
  });

  it('is the longest hold, and the furthest distance (quicker on a tie) for the other measures', () => {
    expect(bestSet('duration', [set({ durationSec: 60 }), set({ durationSec: 90 })])?.index).toBe(1);
    const runs = [
      set({ distanceM: 5000, durationSec: 1600 }),
      set({ distanceM: 5000 }),
      set({ distanceM: 5000, durationSec: 1500 }),
      set({ distanceM: 3000, durationSec: 600 }),
    ];
    expect(bestSet('distance_duration', runs)?.index).toBe(2);
  });

  it('ranks bodyweight reps by added weight, then reps', () => {
    const dips = [set({ reps: 15 }), set({ reps: 8, weightKg: 10 }), set({ reps: 20 })];
    expect(exerciseFigures('reps', dips)).toEqual({ volumeKg: 80, bestSet: { ...dips[1], index: 1 }, e1rmKg: 12.67 });
  });
});

describe('progress figures of an entry', () => {
  it('are the most reps, longest hold, longest distance and fastest pace of its work sets', () => {
    const sets = [
      set({ reps: 30, type: 'warmup' }),
      set({ reps: 12 }),
      set({ reps: 15, done: false }),
      set({ durationSec: 90 }),
      set({ distanceM: 5000, durationSec: 1500 }),
      set({ distanceM: 3000, durationSec: 840 }),
    ];
    expect(progressFiguresOf(sets)).toEqual({
      mostReps: 12,
      longestHoldSec: 90,
      longestDistanceM: 5000,
      fastestPaceSecPerKm: 280,
    });
  });

  it('are null where no work set has them (a timed set with a distance is no hold; zero counts as none)', () => {
    expect(progressFiguresOf([set({ distanceM: 400, durationSec: 0, reps: 0 })])).toEqual({
      mostReps: null,
      longestHoldSec: null,
      longestDistanceM: 400,
      fastestPaceSecPerKm: null,
    });
    expect(progressFiguresOf([set({ reps: 8, type: 'warmup' })]).mostReps).toBeNull();
  });
});
