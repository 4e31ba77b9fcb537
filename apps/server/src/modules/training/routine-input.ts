import { type ExerciseMeasure, measureFields, type SetField, trainingErrors } from '@spotter/contract';
import type { RoutineInput } from '@spotter/contract/schemas';

const plannedFields: readonly SetField[] = ['reps', 'weightKg', 'distanceM', 'durationSec'];

/**
 * What the schema cannot check alone: every exercise exists for this person, and no planned set
 * carries a value its exercise's measure does not record. A planned set may leave out the value the
 * measure needs (the routine says "3 sets", the numbers come at the gym). Answers `field: message`
 * lines, as a workout's problems are.
 */
export function routineProblems(
  routine: RoutineInput,
  measures: ReadonlyMap<string, { measure: ExerciseMeasure }>,
): string[] {
  const problems: string[] = [];
  routine.exercises.forEach((entry, i) => {
    const exercise = measures.get(entry.exerciseId);
    if (!exercise) {
      problems.push(`routine.exercises.${i}.exerciseId: ${trainingErrors.exerciseNotFound}`);
      return;
    }
    const { allowed } = measureFields[exercise.measure];
    entry.sets.forEach((set, j) => {
      const field = plannedFields.find((f) => set[f] !== undefined && set[f] !== null && !allowed.includes(f));
      if (field) problems.push(`routine.exercises.${i}.sets.${j}.${field}: ${trainingErrors.notForMeasure}`);
    });
  });
  return problems.slice(0, 20);
}
