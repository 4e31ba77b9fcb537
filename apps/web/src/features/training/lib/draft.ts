import type { Exercise, ExerciseMeasure, LastSession, SetType, WeightUnit } from '@spotter/contract';
import { randomId } from '../../../lib/random-id';

/** A set as typed: text, so a half-typed "82." survives until it is a number. */
export interface DraftSet {
  /** Stable while the set lives: React's key, and what its field errors are filed under. */
  id: string;
  type: SetType;
  weight: string;
  reps: string;
  /** In the person's distance unit (km, or mi for a person in pounds). */
  distance: string;
  /** mm:ss, h:mm:ss or minutes (lib/time-input.ts). */
  time: string;
  /** "" (not given), or 6 to 10 in halves. */
  rpe: string;
  /** Ticked when the set is done: starts the rest timer (draft-body.ts says what it means once sent). */
  done: boolean;
}

export interface DraftExercise {
  id: string;
  exercise: Exercise;
  notes: string;
  /** The rest after each set, in seconds: the rest timer's length, kept with the workout. */
  restSec: number;
  /**
   * Exercises sharing a number are done back to back (a superset: lib/superset.ts); null or absent
   * (drafts kept before supersets) when done alone.
   */
  supersetGroup?: number | null;
  sets: DraftSet[];
  /**
   * The person's latest session of this exercise, for the previous numbers beside each set:
   * null when they never did it, absent while not known (asked for once the exercise is added).
   */
  last?: LastSession;
}

/** The workout in progress, as kept on the device between changes (lib/draft-store.ts). */
export interface WorkoutDraft {
  title: string;
  /** The day and start time as the date and time boxes hold them, in the device's time zone. */
  date: string;
  start: string;
  /** The workout's length, typed as a time; empty when not given. */
  duration: string;
  exercises: DraftExercise[];
  /** The routine the workout was started from, sent with it. */
  routineId?: string;
}

/** The values a set's boxes hold, by the name of the box. */
export type ValueField = 'weight' | 'reps' | 'distance' | 'time';

export const defaultRestSec = 90;

export const newSet = (from?: DraftSet): DraftSet => ({
  type: 'normal',
  weight: '',
  reps: '',
  distance: '',
  time: '',
  rpe: '',
  ...from,
  // A copy of the set before is a new set, not done yet.
  id: randomId(),
  done: false,
});

export const newExercise = (exercise: Exercise): DraftExercise => ({
  id: randomId(),
  exercise,
  notes: '',
  restSec: defaultRestSec,
  sets: [newSet()],
});

const pad = (n: number) => String(n).padStart(2, '0');

/** An empty workout starting now, on the device's clock. */
export function newDraft(now = new Date()): WorkoutDraft {
  return {
    title: '',
    date: `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`,
    start: `${pad(now.getHours())}:${pad(now.getMinutes())}`,
    duration: '',
    exercises: [],
  };
}

/** Whether there is anything to keep: an exercise or a title typed. */
export const draftHasContent = (draft: WorkoutDraft) => draft.exercises.length > 0 || draft.title.trim() !== '';

/** The boxes a set of this measure shows, in order (the first takes the focus of a new set). */
export const fieldsOf: Record<ExerciseMeasure, ValueField[]> = {
  weight_reps: ['weight', 'reps'],
  reps: ['reps'],
  duration: ['time'],
  distance_duration: ['distance', 'time'],
};

/** A set with nothing typed in its boxes is left out of what is saved. */
export const isEmptySet = (set: DraftSet, measure: ExerciseMeasure) =>
  fieldsOf[measure].every((field) => set[field].trim() === '');

/** The units a form shows: the weight unit of the settings, and the distance unit that goes with it. */
export interface FormUnits {
  weight: WeightUnit;
  distance: 'km' | 'mi';
}
