import { z } from 'zod';
import { exerciseMeasures, trainingLimits, weightUnits } from '../training';
import { id, timestamp } from './fields';
import { trainingInstant } from './workouts';

export const trainingSettingsSchema = z.object({
  /** How weights are shown; they are always stored and answered in kg. */
  units: z.enum(weightUnits),
  /** IANA name; weeks of the streak are counted in it. */
  timeZone: z.string(),
  /** Records, progress and stats visible to others; the owner always sees them. */
  showRecords: z.boolean(),
});
export type TrainingSettings = z.infer<typeof trainingSettingsSchema>;

export const trainingSettingsResponseSchema = z.object({ settings: trainingSettingsSchema });

export const editTrainingSettingsBodySchema = z.object({
  settings: z.object({
    units: z.enum(weightUnits).optional(),
    // Checked against the runtime's time-zone list by the server (Intl), which zod cannot know.
    timeZone: z
      .string()
      .trim()
      .min(1, 'is required')
      .max(trainingLimits.timeZoneMaxLength, `must be at most ${trainingLimits.timeZoneMaxLength} characters`)
      .optional(),
    showRecords: z.boolean().optional(),
  }),
});
export type EditTrainingSettingsBody = z.input<typeof editTrainingSettingsBodySchema>;

/** A person's current bests of one exercise: each null until they have done what it measures. */
export const exerciseRecordsSchema = z.object({
  exerciseId: id,
  name: z.string(),
  measure: z.enum(exerciseMeasures),
  heaviestWeightKg: z.number().nullable(),
  bestE1rmKg: z.number().nullable(),
  bestVolumeKg: z.number().nullable(),
  longestDistanceM: z.number().nullable(),
  /** Seconds per km. */
  fastestPaceSecPerKm: z.number().nullable(),
  /** The most reps of one set, at any weight (a pull-up's 8 reps). */
  mostReps: z.number().int().nullable(),
  /** The longest set timed without a distance, in seconds (a plank's 90 s). */
  longestDurationSec: z.number().int().nullable(),
  /** Best times over 1, 5 and 10 km, in seconds, from sets covering the distance (at their average pace). */
  fastest1kSec: z.number().nullable(),
  fastest5kSec: z.number().nullable(),
  fastest10kSec: z.number().nullable(),
  /** How many workouts had the exercise, and when the latest started. */
  sessions: z.number().int(),
  lastPerformedAt: timestamp,
});
export type ExerciseRecords = z.infer<typeof exerciseRecordsSchema>;
export const userRecordsResponseSchema = z.object({ records: z.array(exerciseRecordsSchema) });

export const progressQuerySchema = z
  .object({
    exerciseId: id,
    from: trainingInstant.optional(),
    to: trainingInstant.optional(),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to), {
    message: 'must not be after to',
    path: ['from'],
  });

/** One workout's figures of the exercise, oldest first. */
export const progressPointSchema = z.object({
  date: timestamp,
  e1rmKg: z.number().nullable(),
  bestWeightKg: z.number().nullable(),
  volumeKg: z.number(),
  /** What a reps, duration or distance exercise is charted by, from the workout's work sets; null when none. */
  mostReps: z.number().int().nullable(),
  /** The longest set timed without a distance, in seconds. */
  longestDurationSec: z.number().int().nullable(),
  longestDistanceM: z.number().nullable(),
  /** Seconds per km of the fastest set with a distance and a time. */
  fastestPaceSecPerKm: z.number().nullable(),
});
export type ProgressPoint = z.infer<typeof progressPointSchema>;
export const progressResponseSchema = z.object({ points: z.array(progressPointSchema) });

export const userStatsResponseSchema = z.object({
  workoutsThisWeek: z.number().int(),
  /** Consecutive ISO weeks with a workout, in the owner's time zone, up to this week or last. */
  weeklyStreak: z.number().int(),
  totalVolumeKg: z.number(),
  /** All of the person's workouts. */
  workouts: z.number().int(),
});
