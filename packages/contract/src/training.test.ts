import { describe, expect, it } from 'vitest';
import { setProblem, trainingErrors } from './training';

describe('a set against its exercise measure', () => {
  it('needs reps for weight and reps, and for bodyweight reps', () => {
    expect(setProblem('weight_reps', { weightKg: 100 })).toEqual({
      field: 'reps',
      message: trainingErrors.repsRequired,
    });
    expect(setProblem('weight_reps', { reps: 5, weightKg: 100 })).toBeUndefined();
    expect(setProblem('weight_reps', { reps: 5 })).toBeUndefined();
    expect(setProblem('reps', { reps: 12, weightKg: 10 })).toBeUndefined();
    expect(setProblem('reps', { reps: null })).toEqual({ field: 'reps', message: trainingErrors.repsRequired });
  });

  it('needs a duration for a hold and a distance for a run', () => {
    expect(setProblem('duration', {})).toEqual({ field: 'durationSec', message: trainingErrors.durationRequired });
    expect(setProblem('distance_duration', { durationSec: 600 })).toEqual({
      field: 'distanceM',
      message: trainingErrors.distanceRequired,
    });
    expect(setProblem('distance_duration', { distanceM: 5000 })).toBeUndefined();
  });

  it('refuses a value the measure does not record', () => {
    expect(setProblem('weight_reps', { reps: 5, distanceM: 100 })).toEqual({
      field: 'distanceM',
      message: trainingErrors.notForMeasure,
    });
    expect(setProblem('duration', { durationSec: 60, reps: 3 })).toEqual({
      field: 'reps',
      message: trainingErrors.notForMeasure,
    });
    expect(setProblem('distance_duration', { distanceM: 400, reps: 20 })?.field).toBe('reps');
  });

  it('takes a load on a timed or distance set (a weighted plank, a carry)', () => {
    expect(setProblem('duration', { durationSec: 60, weightKg: 20 })).toBeUndefined();
    expect(setProblem('distance_duration', { distanceM: 400, weightKg: 20 })).toBeUndefined();
  });
});
