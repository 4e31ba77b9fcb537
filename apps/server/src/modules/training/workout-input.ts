import { type ExerciseMeasure, setProblem, trainingErrors } from '@spotter/contract';
import type { WorkoutInput } from '@spotter/contract/schemas';

/**
 * What the schema cannot check alone: every exercise exists for this person, and every set carries
 * what its exercise's measure records. Answers `field: message` lines naming where, as the schema's
 * own messages do (e.g. `workout.exercises.1.sets.0.reps: needs reps for this exercise`).
 */
export function workoutProblems(
  workout: WorkoutInput,
  measures: ReadonlyMap<string, { measure: ExerciseMeasure }>,
): string[] {
  const problems: string[] = [];
  workout.exercises.forEach((entry, i) => {
    const exercise = measures.get(entry.exerciseId);
    if (!exercise) {
      problems.push(`workout.exercises.${i}.exerciseId: ${trainingErrors.exerciseNotFound}`);
      return;
    }
    entry.sets.forEach((set, j) => {
      const problem = setProblem(exercise.measure, set);
      if (problem) problems.push(`workout.exercises.${i}.sets.${j}.${problem.field}: ${problem.message}`);
    });
  });
  // A workout of 5,000 sets all wrong would otherwise answer 5,000 lines.
  return problems.slice(0, 20);
}
