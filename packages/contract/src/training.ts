/**
 * The training log's vocabulary, limits and messages, as plain data (no zod): the web app checks a
 * set against its exercise's measure with the same rule the server applies (`setProblem`).
 */

export const exerciseCategories = ['strength', 'cardio', 'mobility', 'bodyweight'] as const;
export type ExerciseCategory = (typeof exerciseCategories)[number];

/** What a set of the exercise records: the fields it needs, and the only ones it takes. */
export const exerciseMeasures = ['weight_reps', 'reps', 'duration', 'distance_duration'] as const;
export type ExerciseMeasure = (typeof exerciseMeasures)[number];

export const setTypes = ['normal', 'warmup', 'drop', 'failure'] as const;
export type SetType = (typeof setTypes)[number];

export const muscles = [
  'chest',
  'shoulders',
  'triceps',
  'biceps',
  'forearms',
  'lats',
  'upper_back',
  'traps',
  'lower_back',
  'abdominals',
  'obliques',
  'hip_flexors',
  'glutes',
  'quadriceps',
  'hamstrings',
  'adductors',
  'abductors',
  'calves',
  'neck',
  'heart_and_lungs',
] as const;
export type Muscle = (typeof muscles)[number];

export const equipment = [
  'none',
  'barbell',
  'dumbbell',
  'kettlebell',
  'machine',
  'cable',
  'band',
  'ez_bar',
  'trap_bar',
  'smith_machine',
  'pull_up_bar',
  'dip_bars',
  'rings',
  'bench',
  'medicine_ball',
  'sled',
  'treadmill',
  'rowing_machine',
  'bike',
  'elliptical',
  'ski_erg',
  'stair_climber',
  'jump_rope',
  'foam_roller',
  'other',
] as const;
export type Equipment = (typeof equipment)[number];

/** Personal-record kinds, each against the owner's earlier workouts (by `startedAt`). */
export const recordTypes = [
  'heaviestWeight',
  'bestE1rm',
  'bestVolume',
  'mostReps',
  'longestDistance',
  'fastestPace',
  /** Seconds of a set timed without a distance (a plank, a weighted hold). */
  'longestDuration',
  /** Seconds over 1, 5 and 10 km, from a set covering at least that distance at its average pace. */
  'fastest1k',
  'fastest5k',
  'fastest10k',
] as const;
export type RecordType = (typeof recordTypes)[number];

/** The distance each best-time record is over, in metres. */
export const bestTimeDistances = { fastest1k: 1000, fastest5k: 5000, fastest10k: 10_000 } as const;

export const trainingLimits = {
  exercisesPerWorkout: 50,
  setsPerExercise: 100,
  maxWeightKg: 1000,
  maxReps: 1000,
  /** 1000 km: an ultra-distance ride fits, a typo of three extra zeros does not. */
  maxDistanceM: 1_000_000,
  /** A day: the longest set or workout anyone logs. */
  maxDurationSec: 86_400,
  /** RPE as Strong, Hevy and the gym use it: 6 to 10 in steps of 0.5. */
  minRpe: 6,
  maxRpe: 10,
  rpeStep: 0.5,
  /** Rest between sets: an hour is already a nap. */
  maxRestSec: 3600,
  /** The rest timer's start when an exercise names none. */
  defaultRestSec: 90,
  /** A superset group is a small number shared by the exercises done back to back. */
  maxSupersetGroup: 50,
  /** Routines one person keeps: GET /api/routines answers them all, unpaged. */
  routinesPerPerson: 100,
  titleMaxLength: 100,
  notesMaxLength: 2000,
  exerciseNameMaxLength: 80,
  exerciseSearchMaxLength: 80,
  exerciseSearchDefaultLimit: 20,
  // 500: the app keeps a person's whole catalogue (about 200 and their own) on the device to log offline (issue 48).
  exerciseSearchMaxLimit: 500,
  workoutPageDefaultLimit: 20,
  workoutPageMaxLimit: 50,
  /** A progress chart shows at most this many sessions (about six years of three a week). */
  progressMaxPoints: 1000,
  timeZoneMaxLength: 64,
  /** A workout starts between these years: outside them it is a typing mistake (PostgreSQL refuses year 0). */
  minYear: 1900,
  maxYear: 2200,
} as const;

export const weightUnits = ['kg', 'lb'] as const;
export type WeightUnit = (typeof weightUnits)[number];

/** What a person starts with: kilograms, UTC weeks, records visible to others. */
export const defaultTrainingSettings = { units: 'kg', timeZone: 'UTC', showRecords: true } as const;

/** Epley's formula is only trusted for sets of 1 to 12 reps. */
export const e1rmRepRange = { min: 1, max: 12 } as const;

export const trainingErrors = {
  exerciseNotFound: 'Exercise not found',
  exerciseNameTaken: 'You already have an exercise with this name.',
  workoutNotFound: 'Workout not found',
  cannotEditWorkout: "Cannot edit a workout that doesn't belong to the logged in User.",
  cannotDeleteWorkout: "Cannot delete a workout that doesn't belong to the logged in User.",
  repsRequired: 'needs reps for this exercise',
  durationRequired: 'needs durationSec for this exercise',
  distanceRequired: 'needs distanceM for this exercise',
  notForMeasure: 'is not measured for this exercise',
  recordsPrivate: 'This person keeps their records, progress and stats private.',
  unknownTimeZone: 'is not a time zone this server knows, e.g. Europe/Paris',
  notYourWorkout: 'can only be one of your own workouts',
  importEmpty: 'The file is empty.',
  importTooLarge: 'The file is too large to import (at most 10 MB).',
  importUnknownLayout:
    'The file is not a CSV export Spotter reads: expected the header row of a Strong, Hevy or Spotter export.',
  importNotCsv: 'The file is not valid CSV',
  importBadRow: 'cannot be read',
  // Issue 45, findings 5 and 14: said with the row and column, as importBadRow is.
  importBadDate: 'is not a real date between the years 1900 and 2200',
  importNulCharacter: 'holds a NUL character, which cannot be stored',
  importBusy: 'Another import is running on this server: try again in a minute.',
  importNothing: 'The file holds no set that could be imported.',
  routineNotFound: 'Routine not found',
  notYourRoutine: 'can only be one of your own routines',
  tooManyRoutines: `You can keep at most ${trainingLimits.routinesPerPerson} routines; delete one to make room.`,
  rpeSteps: 'must be 6 to 10 in steps of 0.5',
  noWorkoutOnPost: 'This post carries no workout.',
} as const;

/** The CSV layouts POST /api/workouts/import reads (docs/training-csv.md describes each). */
export const importLayouts = ['strong', 'hevy', 'spotter'] as const;
export type ImportLayout = (typeof importLayouts)[number];

/** The largest CSV file the import reads. */
export const importMaxBytes = 10 * 1024 * 1024;

/**
 * The fields a set may carry for each measure; the first is required (rpe, type and done go with any).
 * A timed or distance exercise may carry a load (a weighted plank, a Zercher carry, a ruck).
 */
export const measureFields: Record<ExerciseMeasure, { required: SetField; allowed: readonly SetField[] }> = {
  weight_reps: { required: 'reps', allowed: ['reps', 'weightKg'] },
  // Added weight (a weighted dip) is allowed; it counts towards volume.
  reps: { required: 'reps', allowed: ['reps', 'weightKg'] },
  duration: { required: 'durationSec', allowed: ['durationSec', 'weightKg'] },
  distance_duration: { required: 'distanceM', allowed: ['distanceM', 'durationSec', 'weightKg'] },
};

export type SetField = 'reps' | 'weightKg' | 'distanceM' | 'durationSec';
const setFields: readonly SetField[] = ['reps', 'weightKg', 'distanceM', 'durationSec'];

const requiredMessage: Record<SetField, string> = {
  reps: trainingErrors.repsRequired,
  durationSec: trainingErrors.durationRequired,
  distanceM: trainingErrors.distanceRequired,
  weightKg: trainingErrors.repsRequired,
};

/**
 * What is wrong with a set for its exercise's measure, as `field: message`, or undefined if nothing.
 * A field the measure does not record is refused rather than dropped: silently losing a number the
 * person typed is worse than asking again.
 */
export function setProblem(
  measure: ExerciseMeasure,
  set: Partial<Record<SetField, number | null | undefined>>,
): { field: SetField; message: string } | undefined {
  const { required, allowed } = measureFields[measure];
  if (set[required] === undefined || set[required] === null) {
    return { field: required, message: requiredMessage[required] };
  }
  for (const field of setFields) {
    const value = set[field];
    if (value !== undefined && value !== null && !allowed.includes(field)) {
      return { field, message: trainingErrors.notForMeasure };
    }
  }
  return undefined;
}
