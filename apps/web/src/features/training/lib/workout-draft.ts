import { displayWeight, type Exercise, type Workout, type WorkoutBody } from '@spotter/contract';
import { randomId } from '../../../lib/random-id';
import { type DraftExercise, type DraftSet, defaultRestSec, type FormUnits, type WorkoutDraft } from './draft';
import { type BodyPlaces, toWorkoutBody } from './draft-body';
import { displayDistance } from './format';
import { clockText } from './time-input';

const pad = (n: number) => String(n).padStart(2, '0');
const text = (value: number | null) => (value === null ? '' : String(value));

/** A stored workout's exercise as the form's picker gives one: only what the form reads is known. */
const exerciseOf = (e: Workout['exercises'][number]): Exercise => ({
  _id: e.exerciseId,
  name: e.name,
  category: e.category,
  measure: e.measure,
  primaryMuscles: [],
  secondaryMuscles: [],
  equipment: 'none',
  custom: false,
});

/** A past workout in the boxes of the log form, in the person's units and the device's time zone. */
export function draftOfWorkout(workout: Workout, units: FormUnits): { draft: WorkoutDraft } {
  const start = new Date(workout.startedAt);
  const exercises = workout.exercises.map((e): DraftExercise => {
    return {
      id: randomId(),
      exercise: exerciseOf(e),
      notes: e.notes,
      restSec: e.restSec ?? defaultRestSec,
      supersetGroup: e.supersetGroup,
      sets: e.sets.map(
        (s): DraftSet => ({
          id: randomId(),
          type: s.type,
          weight: s.weightKg === null ? '' : String(displayWeight(s.weightKg, units.weight)),
          reps: text(s.reps),
          distance: s.distanceM === null ? '' : String(displayDistance(s.distanceM, units.distance)),
          time: s.durationSec === null ? '' : clockText(s.durationSec),
          rpe: text(s.rpe),
          done: s.done,
        }),
      ),
    };
  });
  return {
    draft: {
      title: workout.title,
      date: `${start.getFullYear()}-${pad(start.getMonth() + 1)}-${pad(start.getDate())}`,
      start: `${pad(start.getHours())}:${pad(start.getMinutes())}`,
      duration: workout.durationSec === null ? '' : clockText(workout.durationSec),
      exercises,
    },
  };
}

/**
 * The edited draft as the API takes it: what the log form sends, plus what a rewrite must not drop
 * that the form has no box for (the routine it came from) and the workout's notes.
 */
export function editedWorkoutBody(
  draft: WorkoutDraft,
  units: FormUnits,
  extra: { notes: string; routineId: string | null },
): { workout: WorkoutBody['workout']; places: BodyPlaces } {
  const { workout, places } = toWorkoutBody(draft, units);
  return {
    workout: {
      ...workout,
      durationSec: workout.durationSec ?? null,
      notes: extra.notes.trim(),
      routineId: extra.routineId,
    },
    places,
  };
}
