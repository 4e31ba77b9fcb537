import { type ExerciseMeasure, storedWeightKg, type WorkoutBody } from '@spotter/contract';
import { type DraftSet, type FormUnits, isEmptySet, type WorkoutDraft } from './draft';
import { typedNumber } from './draft-check';
import { storedMetres } from './format';
import { parseTime } from './time-input';

type SetInput = WorkoutBody['workout']['exercises'][number]['sets'][number];

/** Where each exercise and set of the body came from in the draft: a refusal's path leads back to its box. */
export interface BodyPlaces {
  exercises: { exerciseId: string; setIds: string[] }[];
}

const number = (text: string) => {
  const value = typedNumber(text);
  return value === null || Number.isNaN(value) ? null : value;
};
const seconds = (text: string) => {
  const value = parseTime(text);
  return typeof value === 'number' ? value : null;
};

/** A set's typed values as the API stores them (kg, metres, seconds), by its exercise's measure. */
export const plannedValues = (set: DraftSet, measure: ExerciseMeasure, units: FormUnits) =>
  bySetMeasure[measure](set, units);

function setInput(set: DraftSet, measure: ExerciseMeasure, units: FormUnits, ticking: boolean): SetInput {
  const rpe = number(set.rpe);
  return {
    type: set.type,
    ...plannedValues(set, measure, units),
    ...(rpe === null ? {} : { rpe }),
    done: ticking ? set.done : true,
  };
}

const bySetMeasure: Record<
  ExerciseMeasure,
  (s: DraftSet, u: FormUnits) => Pick<SetInput, 'reps' | 'weightKg' | 'distanceM' | 'durationSec'>
> = {
  weight_reps: (s: DraftSet, u: FormUnits) => {
    const weight = number(s.weight);
    return { reps: number(s.reps), weightKg: weight === null ? null : storedWeightKg(weight, u.weight) };
  },
  reps: (s: DraftSet) => ({ reps: number(s.reps) }),
  duration: (s: DraftSet) => ({ durationSec: seconds(s.time) }),
  distance_duration: (s: DraftSet, u: FormUnits) => {
    const distance = number(s.distance);
    return { distanceM: distance === null ? null : storedMetres(distance, u.distance), durationSec: seconds(s.time) };
  },
};

/**
 * The draft as the API takes it (weights in kg, distances in metres, times in seconds); sets left
 * empty and exercises with none are dropped. Check it with `draftProblems` first.
 * Done ticks count only in a workout where the person ticked some: logging after the fact, nobody
 * ticks, and every set typed was done; ticking on the gym floor, an unticked set was not (the API
 * keeps it, but it counts for no volume and no record).
 */
export function toWorkoutBody(
  draft: WorkoutDraft,
  units: FormUnits,
): { workout: WorkoutBody['workout']; places: BodyPlaces } {
  const places: BodyPlaces = { exercises: [] };
  const exercises: WorkoutBody['workout']['exercises'] = [];
  const ticking = draft.exercises.some((entry) => entry.sets.some((set) => set.done));
  for (const entry of draft.exercises) {
    const sets = entry.sets.filter((set) => !isEmptySet(set, entry.exercise.measure));
    if (sets.length === 0) continue;
    places.exercises.push({ exerciseId: entry.id, setIds: sets.map((set) => set.id) });
    const notes = entry.notes.trim();
    exercises.push({
      exerciseId: entry.exercise._id,
      ...(notes ? { notes } : {}),
      restSec: entry.restSec,
      ...(entry.supersetGroup != null ? { supersetGroup: entry.supersetGroup } : {}),
      sets: sets.map((set) => setInput(set, entry.exercise.measure, units, ticking)),
    });
  }
  const duration = seconds(draft.duration);
  const workout: WorkoutBody['workout'] = {
    title: draft.title.trim() || 'Workout',
    // The boxes hold the device's local day and time; the API takes an instant.
    startedAt: new Date(`${draft.date}T${draft.start}`).toISOString(),
    ...(duration === null ? {} : { durationSec: duration }),
    ...(draft.routineId ? { routineId: draft.routineId } : {}),
    exercises,
  };
  return { workout, places };
}
