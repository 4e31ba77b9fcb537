import { displayWeight, type Exercise, type Routine, type RoutineBody, type RoutineSet } from '@spotter/contract';
import { randomId } from '../../../lib/random-id';
import {
  type DraftExercise,
  type DraftSet,
  defaultRestSec,
  type FormUnits,
  newDraft,
  newSet,
  type WorkoutDraft,
} from './draft';
import { plannedValues } from './draft-body';
import { displayDistance, type SetLike } from './format';
import { clockText } from './time-input';

type RoutineExercise = Routine['exercises'][number];

/** A set's stored values as the set's boxes show them, in the person's units ('' for none). */
export function typedValues(set: SetLike, units: FormUnits): Pick<DraftSet, 'weight' | 'reps' | 'distance' | 'time'> {
  return {
    weight: set.weightKg === null ? '' : String(displayWeight(set.weightKg, units.weight)),
    reps: set.reps === null ? '' : String(set.reps),
    distance: set.distanceM === null ? '' : String(displayDistance(set.distanceM, units.distance)),
    time: set.durationSec === null ? '' : clockText(set.durationSec),
  };
}

/**
 * The exercise a routine names, as the picker would have given it: from the kept catalogue when it
 * is there, else from what the routine carries (its name and measure are all the form needs).
 */
function exerciseOf(planned: RoutineExercise, catalogue: readonly Exercise[] | undefined): Exercise {
  return (
    catalogue?.find((e) => e._id === planned.exerciseId) ?? {
      _id: planned.exerciseId,
      name: planned.name,
      category: planned.category,
      measure: planned.measure,
      primaryMuscles: [],
      secondaryMuscles: [],
      equipment: 'none',
      custom: false,
    }
  );
}

const plannedSet = (set: RoutineSet, units: FormUnits): DraftSet => ({
  ...newSet(),
  type: set.type,
  ...typedValues(set, units),
});

/**
 * A new workout from a routine (as GET /api/routines/{id}?with=last answers it): its title, its
 * exercises in order with their planned sets typed in, each carrying the person's last session of it.
 */
export function draftFromRoutine(
  routine: Routine,
  units: FormUnits,
  catalogue?: readonly Exercise[],
  now = new Date(),
): WorkoutDraft {
  const exercises = routine.exercises.map(
    (planned): DraftExercise => ({
      id: randomId(),
      restSec: defaultRestSec,
      exercise: exerciseOf(planned, catalogue),
      notes: planned.notes,
      supersetGroup: planned.supersetGroup,
      ...(planned.restSec === null ? {} : { restSec: planned.restSec }),
      sets: planned.sets.length > 0 ? planned.sets.map((set) => plannedSet(set, units)) : [newSet()],
      // Absent when the answer did not carry it: the form then asks for it as for an exercise added by hand.
      ...(planned.last === undefined ? {} : { last: planned.last }),
    }),
  );
  return { ...newDraft(now), title: routine.title, routineId: routine._id, exercises };
}

/**
 * The exercises typed, as a routine (POST /api/routines): every set kept, an empty one as a planned
 * set without numbers ("3 sets"); exercises with no set are left out. Check it with `draftProblems` first.
 */
export function routineBody(draft: WorkoutDraft, units: FormUnits): RoutineBody {
  return {
    routine: {
      title: draft.title.trim() || 'Workout',
      exercises: draft.exercises
        .filter((entry) => entry.sets.length > 0)
        .map((entry) => {
          const notes = entry.notes.trim();
          return {
            exerciseId: entry.exercise._id,
            ...(notes ? { notes } : {}),
            restSec: entry.restSec,
            ...(entry.supersetGroup != null ? { supersetGroup: entry.supersetGroup } : {}),
            sets: entry.sets.map((set) => ({ type: set.type, ...plannedValues(set, entry.exercise.measure, units) })),
          };
        }),
    },
  };
}

/** What the person did in the same set the last time: the set at the same place in their last session. */
export const previousSet = (entry: DraftExercise, index: number) => entry.last?.sets[index] ?? null;
