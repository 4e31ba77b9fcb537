import type { WorkoutSummary } from '@spotter/contract';

type Exercise = WorkoutSummary['exercises'][number];

const number = (value: number) => String(Math.round(value * 10) / 10);

function durationText(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.round((seconds % 3600) / 60);
  return hours > 0 ? `${hours} h ${minutes} min` : `${minutes} min`;
}

/** A set's values as a person writes them: `100 kg × 5`, `12 reps`, `5 km in 25 min`. */
function setText(set: NonNullable<Exercise['bestSet']>): string {
  const parts: string[] = [];
  if (set.distanceM !== null)
    parts.push(set.distanceM >= 1000 ? `${number(set.distanceM / 1000)} km` : `${set.distanceM} m`);
  if (set.weightKg !== null && set.reps !== null) parts.push(`${number(set.weightKg)} kg × ${set.reps}`);
  else if (set.reps !== null) parts.push(`${set.reps} reps`);
  if (set.durationSec !== null)
    parts.push(parts.length > 0 ? `in ${durationText(set.durationSec)}` : durationText(set.durationSec));
  return parts.join(' ');
}

const exerciseLine = (exercise: Exercise) =>
  `${exercise.name}: ${exercise.setCount} ${exercise.setCount === 1 ? 'set' : 'sets'}${
    exercise.bestSet ? `, best ${setText(exercise.bestSet)}` : ''
  }`;

/** The workout's headline: its title, duration, exercise count and volume. */
export function workoutHeadline(workout: WorkoutSummary): string {
  const facts = [
    workout.durationSec ? durationText(workout.durationSec) : undefined,
    `${workout.exercises.length} ${workout.exercises.length === 1 ? 'exercise' : 'exercises'}`,
    workout.totalVolumeKg > 0 ? `${number(workout.totalVolumeKg)} kg lifted` : undefined,
  ].filter((fact) => fact !== undefined);
  return `${workout.title} (${facts.join(', ')})`;
}

/**
 * A workout as plain lines, for apps that know nothing of workouts (issue 50): the headline, one
 * line per exercise with its best set, and the records it set. Weights in kg, as Spotter stores them.
 */
export function workoutLines(workout: WorkoutSummary): string[] {
  const records = workout.records.map((record) => `New record: ${record.exerciseName}`);
  return [`Workout: ${workoutHeadline(workout)}`, ...workout.exercises.map(exerciseLine), ...new Set(records)];
}
