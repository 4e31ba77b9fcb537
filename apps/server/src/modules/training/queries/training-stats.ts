import { defaultTrainingSettings, type ExerciseRecords, type TrainingSettings } from '@spotter/contract';
import type { Db } from '../../../db/database';
import { prepared } from '../../../db/prepared';
import type { Key } from '../../../db/schema/keys';
import type { TrainingSettingsTable } from '../../../db/schema/training-settings';
import { toApiTimestamp } from '../../../db/time';
import { figure } from '../set-metrics';
import { WeeksWalk } from '../streak';
import {
  type FiguresOf,
  type FiguresOwnerArgs,
  type FiguresOwnerShape,
  figuresOwner,
  figuresOwnerArgs,
  figuresOwnerShape,
} from './training-owner-rule';

/** A person's settings from their training_settings row; the contract's defaults when they have none. */
export function toTrainingSettings(
  row: Pick<TrainingSettingsTable, 'units' | 'time_zone' | 'show_records'> | undefined,
): TrainingSettings {
  if (!row) return { ...defaultTrainingSettings };
  return { units: row.units, timeZone: row.time_zone, showRecords: Number(row.show_records) === 1 };
}

export async function trainingSettingsOf(db: Db, userId: Key): Promise<TrainingSettings> {
  return toTrainingSettings(
    await db.kysely.selectFrom('training_settings').selectAll().where('user_id', '=', userId).executeTakeFirst(),
  );
}

export async function saveTrainingSettings(db: Db, userId: Key, settings: TrainingSettings): Promise<void> {
  const values = {
    units: settings.units,
    time_zone: settings.timeZone,
    show_records: settings.showRecords ? 1 : 0,
  };
  await db.kysely
    .insertInto('training_settings')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

const nullableFigure = (value: number | string | null) => (value === null ? null : figure(Number(value)));

/** The most reps of one set at any weight, from the stored `[[weightKg, reps], ...]`; null when none. */
function mostRepsOf(repsAtWeight: string): number | null {
  const pairs = JSON.parse(repsAtWeight) as [number, number][];
  return pairs.length === 0 ? null : Math.max(...pairs.map(([, reps]) => reps));
}

/**
 * A person's current bests per exercise, by the record rules (modules/training/records.ts): warm-ups and sets
 * of 0 reps or 0 m left out; an exercise logged twice in one workout is one session (its volume the
 * sum of both, and it counts once in `sessions`). Read from the stored standings (`exercise_bests`, decision 040), one
 * row per exercise, kept by every write of a workout.
 */
export async function currentRecords(db: Db, of: FiguresOf): Promise<ExerciseRecords[]> {
  const rows = await recordsQuery(db, figuresOwnerShape(of), figuresOwnerArgs(of));
  return rows.map((row) => {
    return {
      exerciseId: row.exercise_id,
      name: row.name,
      measure: row.measure,
      heaviestWeightKg: nullableFigure(row.heaviest_weight_kg),
      bestE1rmKg: nullableFigure(row.best_e1rm_kg),
      bestVolumeKg: nullableFigure(row.best_volume_kg),
      longestDistanceM: nullableFigure(row.longest_distance_m),
      fastestPaceSecPerKm: nullableFigure(row.fastest_pace_sec_per_km),
      mostReps: mostRepsOf(row.reps_at_weight),
      longestDurationSec: row.longest_duration_sec === null ? null : Number(row.longest_duration_sec),
      fastest1kSec: nullableFigure(row.fastest_1k_sec),
      fastest5kSec: nullableFigure(row.fastest_5k_sec),
      fastest10kSec: nullableFigure(row.fastest_10k_sec),
      sessions: Number(row.entries),
      lastPerformedAt: toApiTimestamp(row.last_started_at),
    };
  });
}

// Compiled once (db/prepared.ts), as every training read's statements are.
const recordsQuery = prepared((db: Db, args: FiguresOwnerArgs, owner: FiguresOwnerShape) =>
  db.kysely
    .selectFrom('exercise_bests as b')
    .innerJoin('exercises as e', 'e.id', 'b.exercise_id')
    .select(['b.exercise_id', 'e.name', 'e.measure'])
    .select([
      'b.heaviest_weight_kg',
      'b.best_e1rm_kg',
      'b.best_volume_kg',
      'b.longest_distance_m',
      'b.fastest_pace_sec_per_km',
      'b.longest_duration_sec',
      'b.fastest_1k_sec',
      'b.fastest_5k_sec',
      'b.fastest_10k_sec',
      'b.reps_at_weight',
      'b.entries',
      'b.last_started_at',
    ])
    .where('b.user_id', '=', figuresOwner(args, owner))
    .orderBy('e.name'),
);

/**
 * One point per workout that had the exercise, oldest first, within [from, to]: one range of the
 * history index, which holds each entry's weight figures (migration 075), and the entry's work sets
 * by their key for what a rep, hold or run is charted by (most reps, longest hold, longest distance,
 * fastest pace: the record rules', modules/training/records.ts).
 */
export async function progressPoints(
  db: Db,
  of: FiguresOf,
  exerciseId: string,
  range: { from?: string; to?: string; limit: number },
) {
  const shape =
    `${figuresOwnerShape(of)} ${range.from ? 'from' : 'all'} ${range.to ? 'to' : 'all'} ${range.limit}` as const;
  const rows = await progressQuery(db, shape, {
    ...figuresOwnerArgs(of),
    exercise: exerciseId,
    from: range.from ? new Date(range.from).toISOString() : '',
    to: range.to ? new Date(range.to).toISOString() : '',
  });
  return rows.map((row) => ({
    date: toApiTimestamp(row.started_at),
    e1rmKg: nullableFigure(row.e1rm),
    bestWeightKg: nullableFigure(row.heaviest || null),
    // An exercise logged twice in a workout has two entries: the volume of the session is their sum.
    volumeKg: figure(Number(row.volume ?? 0)),
    mostReps: positive(row.reps),
    longestDurationSec: positive(row.hold),
    longestDistanceM: nullableFigure(positive(row.distance)),
    fastestPaceSecPerKm: nullableFigure(positive(row.pace)),
  }));
}

const positive = (value: number | string | null) => (value === null || Number(value) <= 0 ? null : Number(value));

type ProgressArgs = FiguresOwnerArgs & { exercise: string; from: string; to: string };

/** Compiled once per shape: whether the range has a start and an end, and the points' limit (db/prepared.ts). */
type ProgressShape = `${FiguresOwnerShape} ${'from' | 'all'} ${'to' | 'all'} ${number}`;
const progressQuery = prepared((db: Db, args: ProgressArgs, shape: ProgressShape) => {
  const [owner, from, to, limit] = shape.split(' ') as [FiguresOwnerShape, string, string, string];
  // Every figure is stored on the entry and held in the history index (migrations 075, 140): the
  // points are one range of the index, no table row or set read per point. An exercise logged twice
  // in a workout has two entries, grouped into one point.
  let query = db.kysely
    .selectFrom('workout_exercises as we')
    .select(['we.workout_id', 'we.started_at'])
    .select((eb) => [
      eb.fn.max('we.e1rm_kg').as('e1rm'),
      eb.fn.sum<number>('we.volume_kg').as('volume'),
      eb.fn.max('we.best_weight_kg').as('heaviest'),
      eb.fn.max('we.most_reps').as('reps'),
      eb.fn.max('we.longest_hold_sec').as('hold'),
      eb.fn.max('we.longest_distance_m').as('distance'),
      eb.fn.min('we.fastest_pace_sec_per_km').as('pace'),
    ])
    .where('we.user_id', '=', figuresOwner(args, owner))
    .where('we.exercise_id', '=', args.exercise);
  if (from === 'from') query = query.where('we.started_at', '>=', args.from);
  if (to === 'to') query = query.where('we.started_at', '<=', args.to);
  return (
    query
      // Grouped in the index's order, so that the groups come out sorted (no sort after them).
      .groupBy(['we.started_at', 'we.workout_id'])
      .orderBy('we.started_at')
      .orderBy('we.workout_id')
      .limit(Number(limit))
  );
});

/** Starts read a page at a time, latest first: most streaks end within a page or two. */
const startsPage = 32;

/**
 * A person's stats: their totals and time zone in one statement (by name, with the owner's rule
 * inside: `figuresOwnerKey`), then their weeks. An empty list when no readable owner was found.
 */
export async function workoutStats(db: Db, of: FiguresOf, now: Date) {
  const [totals] = await totalsQuery(db, figuresOwnerShape(of), figuresOwnerArgs(of));
  if (!totals) return [];
  // Down the (user_id, started_at, id) index from now, until the first week without a workout.
  const walk = new WeeksWalk(now, totals.time_zone ?? defaultTrainingSettings.timeZone);
  const until = now.toISOString();
  let after: { t: string; i: string } | undefined;
  for (;;) {
    const rows = await startsQuery(db, after ? 'after' : 'first', {
      user: totals.owner,
      until,
      t: after?.t,
      i: after?.i,
    });
    for (const row of rows) walk.add(row.started_at);
    const last = rows[rows.length - 1];
    if (!last || rows.length < startsPage || walk.settled()) break;
    after = { t: last.started_at, i: last.id };
  }
  return [
    {
      workoutsThisWeek: walk.thisWeekCount,
      weeklyStreak: walk.streak(),
      totalVolumeKg: figure(Number(totals.volume ?? 0)),
      workouts: Number(totals.workouts ?? 0),
    },
  ];
}

// Both compiled once (db/prepared.ts): building them was most of a stats answer's JavaScript.
// The owner's row and settings joined for their key and time zone; the workouts from their index
// (migration 081).
const totalsQuery = prepared((db: Db, args: FiguresOwnerArgs, owner: FiguresOwnerShape) =>
  db.kysely
    .selectFrom('users as u')
    .leftJoin('training_settings as tso', 'tso.user_id', 'u.id')
    .leftJoin('workouts as w', 'w.user_id', 'u.id')
    .select(['u.id as owner', 'tso.time_zone'])
    .select((eb) => [eb.fn.count<number>('w.id').as('workouts'), eb.fn.sum<number>('w.total_volume_kg').as('volume')])
    .where('u.id', '=', figuresOwner(args, owner))
    .groupBy(['u.id', 'tso.time_zone']),
);

type StartsArgs = { user: Key; until: string; t: string | undefined; i: string | undefined };

const startsQuery = prepared((db: Db, args: StartsArgs, page: 'first' | 'after') => {
  const query = db.kysely
    .selectFrom('workouts')
    .select(['started_at', 'id'])
    .where('user_id', '=', args.user)
    .where('started_at', '<=', args.until)
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(startsPage);
  return page === 'after'
    ? query.where((eb) =>
        eb.or([
          eb('started_at', '<', args.t as string),
          eb.and([eb('started_at', '=', args.t as string), eb('id', '<', args.i as string)]),
        ]),
      )
    : query;
});
