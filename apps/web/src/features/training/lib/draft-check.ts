import { displayWeight, type ExerciseMeasure, trainingLimits as limits } from '@spotter/contract';
import { type DraftSet, type FormUnits, fieldsOf, isEmptySet, type ValueField, type WorkoutDraft } from './draft';
import { parseTime } from './time-input';

/**
 * What is wrong with the workout in progress, in words for the person typing it, filed under the
 * box they concern: `title`, `date`, `start`, `duration`, `<set id>.<box>` or `<exercise id>.exercise`.
 * The save waits until there is none; nothing here ever names a path like `exercises.1.sets.1`.
 */
export type Problems = Record<string, string>;

export const problemKey = {
  set: (setId: string, field: ValueField) => `${setId}.${field}`,
  exercise: (exerciseId: string) => `${exerciseId}.exercise`,
};

export const formWords = {
  repsNumber: 'Type the reps as a number',
  repsWhole: 'Type the reps as a whole number',
  repsMissing: 'Type the reps',
  weightNumber: 'Type the weight as a number',
  distanceNumber: 'Type the distance as a number',
  distanceMissing: 'Type the distance',
  timeFormat: 'Type the time as mm:ss, h:mm:ss or minutes',
  timeMissing: 'Type the time',
  dateMissing: 'Pick the day of the workout',
  dateRange: 'Pick a day between the years 1900 and 2200',
  startMissing: 'Pick the time the workout started',
  notMeasured: 'This exercise does not record that: leave it empty',
  exerciseMissing: 'This exercise is not in your catalogue any more: remove it',
} as const;

/** A number as typed, with a decimal comma or point; null when empty, NaN when it is none. */
export function typedNumber(text: string): number | null {
  const typed = text.trim();
  if (typed === '') return null;
  return /^\d*(?:[.,]\d+)?$/.test(typed) && /\d/.test(typed) ? Number(typed.replace(',', '.')) : Number.NaN;
}

function setProblems(set: DraftSet, measure: ExerciseMeasure, units: FormUnits): Partial<Record<ValueField, string>> {
  const found: Partial<Record<ValueField, string>> = {};
  const fields = fieldsOf[measure];
  if (fields.includes('reps')) {
    const reps = typedNumber(set.reps);
    if (reps === null) found.reps = formWords.repsMissing;
    else if (Number.isNaN(reps)) found.reps = formWords.repsNumber;
    else if (!Number.isInteger(reps)) found.reps = formWords.repsWhole;
    else if (reps > limits.maxReps) found.reps = `Reps go up to ${limits.maxReps}`;
  }
  if (fields.includes('weight')) {
    const weight = typedNumber(set.weight);
    const most = displayWeight(limits.maxWeightKg, units.weight);
    if (weight !== null && Number.isNaN(weight)) found.weight = formWords.weightNumber;
    else if (weight !== null && weight > most) found.weight = `The weight goes up to ${most} ${units.weight}`;
  }
  if (fields.includes('distance')) {
    const distance = typedNumber(set.distance);
    if (distance === null) found.distance = formWords.distanceMissing;
    else if (Number.isNaN(distance)) found.distance = formWords.distanceNumber;
  }
  if (fields.includes('time')) {
    const time = parseTime(set.time);
    if (time === 'invalid') found.time = formWords.timeFormat;
    // A run may be logged by its distance alone; a hold is its time.
    else if (time === null && measure === 'duration') found.time = formWords.timeMissing;
  }
  return found;
}

export function draftProblems(draft: WorkoutDraft, units: FormUnits): Problems {
  const problems: Problems = {};
  if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.date)) problems.date = formWords.dateMissing;
  else {
    const year = Number(draft.date.slice(0, 4));
    if (year < 1900 || year > 2200) problems.date = formWords.dateRange;
  }
  if (!/^\d{2}:\d{2}$/.test(draft.start)) problems.start = formWords.startMissing;
  if (parseTime(draft.duration) === 'invalid') problems.duration = formWords.timeFormat;
  for (const entry of draft.exercises) {
    for (const set of entry.sets) {
      if (isEmptySet(set, entry.exercise.measure)) continue;
      const found = setProblems(set, entry.exercise.measure, units);
      for (const [field, message] of Object.entries(found)) {
        problems[problemKey.set(set.id, field as ValueField)] = message;
      }
    }
  }
  return problems;
}
