import { trainingErrors } from '@spotter/contract';
import type { ValueField } from './draft';
import type { BodyPlaces } from './draft-body';
import { formWords, type Problems, problemKey } from './draft-check';

/** `workout.exercises.1.sets.0.reps: needs reps…`, as the API words a refused field. */
const refusedField = /^workout\.(?:exercises\.(\d+)\.(?:sets\.(\d+)\.)?)?(\w+): (.+)$/s;

const setBoxOf: Record<string, ValueField> = {
  reps: 'reps',
  weightKg: 'weight',
  distanceM: 'distance',
  durationSec: 'time',
};
const setFieldName: Record<string, string> = {
  reps: 'Reps',
  weightKg: 'The weight',
  distanceM: 'The distance',
  durationSec: 'The time',
  rpe: 'RPE',
  type: 'The set type',
};
const workoutBoxOf: Record<string, { key: string; name: string }> = {
  title: { key: 'title', name: 'The title' },
  startedAt: { key: 'date', name: 'The day' },
  durationSec: { key: 'duration', name: 'The duration' },
};

/** The API's words for a field, in the words of the form: its own sentence for what it knows. */
function plainWords(field: string, message: string): string {
  if (message === trainingErrors.repsRequired) return formWords.repsMissing;
  if (message === trainingErrors.durationRequired) return formWords.timeMissing;
  if (message === trainingErrors.distanceRequired) return formWords.distanceMissing;
  if (message === trainingErrors.notForMeasure) return formWords.notMeasured;
  if (message === trainingErrors.exerciseNotFound) return formWords.exerciseMissing;
  const name = setFieldName[field] ?? workoutBoxOf[field]?.name ?? 'This';
  return `${name} ${message}`;
}

/**
 * Sorts a refused workout's messages between the boxes they concern (through `places`, since empty
 * sets were left out of what was sent); what concerns no box is said without its path.
 */
export function refusalProblems(
  messages: readonly string[],
  places: BodyPlaces,
): { problems: Problems; rest: string[] } {
  const problems: Problems = {};
  const rest: string[] = [];
  for (const message of messages) {
    const match = refusedField.exec(message);
    if (!match) {
      rest.push(message);
      continue;
    }
    const [, exercise, set, field = '', words = ''] = match;
    const place = exercise === undefined ? undefined : places.exercises[Number(exercise)];
    const setId = set === undefined ? undefined : place?.setIds[Number(set)];
    const plain = plainWords(field, words);
    const key =
      setId !== undefined
        ? problemKey.set(setId, setBoxOf[field] ?? 'reps')
        : place !== undefined && field === 'exerciseId'
          ? problemKey.exercise(place.exerciseId)
          : exercise === undefined
            ? workoutBoxOf[field]?.key
            : undefined;
    if (key) problems[key] ??= plain;
    else rest.push(plain);
  }
  return { problems, rest };
}

/**
 * A refusal kept with a workout waiting on the device, in words: "Exercise 2, set 1: Type the reps"
 * rather than the API's path (the waiting list has no boxes to put it beside).
 */
export function plainRefusal(message: string): string {
  const match = refusedField.exec(message.trim());
  if (!match) return message;
  const [, exercise, set, field = '', words = ''] = match;
  const where = [
    exercise === undefined ? null : `Exercise ${Number(exercise) + 1}`,
    set === undefined ? null : `set ${Number(set) + 1}`,
  ].filter((part) => part !== null);
  const plain = plainWords(field, words);
  return where.length > 0 ? `${where.join(', ')}: ${plain}` : plain;
}
