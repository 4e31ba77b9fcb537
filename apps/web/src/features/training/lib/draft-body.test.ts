import type { Exercise } from '@spotter/contract';
import { describe, expect, it } from 'vitest';
import { newDraft, newExercise, newSet, type WorkoutDraft } from './draft';
import { toWorkoutBody } from './draft-body';

const squat: Exercise = {
  _id: 'barbell-back-squat',
  name: 'Barbell Back Squat',
  category: 'strength',
  measure: 'weight_reps',
  primaryMuscles: ['quadriceps'],
  secondaryMuscles: [],
  equipment: 'barbell',
  custom: false,
};

const units = { weight: 'kg', distance: 'km' } as const;

/** A squat workout of two sets of 5 at 100 kg, the first ticked as `firstDone` says. */
function squats(firstDone: boolean): WorkoutDraft {
  const exercise = { ...newExercise(squat), restSec: 120 };
  const first = { ...newSet(), reps: '5', weight: '100', done: firstDone };
  exercise.sets = [first, { ...newSet(first), done: false }];
  return { ...newDraft(new Date(2026, 11, 6, 7, 0)), title: 'Legs', exercises: [exercise] };
}

describe('the log form as the API takes it (issue 46)', () => {
  it('sends each exercise’s rest, and every set as done when nobody ticked any (logged after the fact)', () => {
    const { workout } = toWorkoutBody(squats(false), units);
    expect(workout.exercises[0]).toMatchObject({ exerciseId: 'barbell-back-squat', restSec: 120 });
    expect(workout.exercises[0]?.sets.map((s) => s.done)).toEqual([true, true]);
  });

  it('sends the ticks as they are once the person ticks sets: an unticked set was not done', () => {
    const { workout } = toWorkoutBody(squats(true), units);
    expect(workout.exercises[0]?.sets.map((s) => s.done)).toEqual([true, false]);
  });
});
