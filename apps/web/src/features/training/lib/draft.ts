import {
  type Exercise,
  type ExerciseMeasure,
  storedWeightKg,
  type WeightUnit,
  type WorkoutBody,
} from '@spotter/contract';

/** A set as typed: text, so a half-typed "82." survives until it is a number. */
export interface DraftSet {
  weight: string;
  reps: string;
  distanceKm: string;
  minutes: string;
  seconds: string;
}
export interface DraftExercise {
  exercise: Exercise;
  sets: DraftSet[];
}

export const emptySet: DraftSet = { weight: '', reps: '', distanceKm: '', minutes: '', seconds: '' };

/** The fields a set of this measure shows, in order (the first takes the focus of a new set). */
export const fieldsOf: Record<ExerciseMeasure, (keyof DraftSet)[]> = {
  weight_reps: ['weight', 'reps'],
  reps: ['reps'],
  duration: ['seconds'],
  distance_duration: ['distanceKm', 'minutes'],
};

const number = (text: string) => (text.trim() === '' ? null : Number(text.replace(',', '.')));

/** The draft as the API takes it (weights in kg); sets left empty are dropped. */
export function toWorkoutBody(
  title: string,
  startedAt: Date,
  exercises: DraftExercise[],
  unit: WeightUnit,
): WorkoutBody['workout'] {
  return {
    title: title.trim() || 'Workout',
    startedAt: startedAt.toISOString(),
    exercises: exercises
      .map((entry) => ({
        exerciseId: entry.exercise._id,
        sets: entry.sets
          .filter((s) => fieldsOf[entry.exercise.measure].some((f) => s[f].trim() !== ''))
          .map((s) => {
            const weight = number(s.weight);
            const distance = number(s.distanceKm);
            const minutes = number(s.minutes);
            const seconds = number(s.seconds);
            switch (entry.exercise.measure) {
              case 'weight_reps':
                return { reps: number(s.reps), weightKg: weight === null ? null : storedWeightKg(weight, unit) };
              case 'reps':
                return { reps: number(s.reps) };
              case 'duration':
                return { durationSec: seconds === null ? null : Math.round(seconds) };
              default:
                return {
                  distanceM: distance === null ? null : Math.round(distance * 1000),
                  durationSec: minutes === null ? null : Math.round(minutes * 60),
                };
            }
          }),
      }))
      .filter((e) => e.sets.length > 0),
  };
}
