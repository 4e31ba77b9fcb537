import { roundTo } from '@spotter/contract';
import { type Insertable, type Kysely, sql, type Transaction } from 'kysely';
import { chunks } from '../../../db/chunks';
import type { Db } from '../../../db/database';
import { listArgs, oneOf, prepared } from '../../../db/prepared';
import { preparedRows } from '../../../db/prepared-rows';
import type { DatabaseSchema } from '../../../db/schema';
import type { Key } from '../../../db/schema/keys';
import type { ExerciseBestsRow } from '../../../db/schema/workouts';
import { isoOf } from '../../../db/time';
import type { Bests } from '../records';
import { figure } from '../set-metrics';
import { namesOf, standingColumns, standingValueColumns } from './workout-columns';

type Executor = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

/** A stored timestamp as `toISOString()` writes it (PostgreSQL answers a Date, SQLite our text). */

/** Where a person stands on one exercise: the record rules' bests and the figures of its entries. */
export interface ExerciseStanding {
  bests: Bests;
  entries: number;
  bestEntryVolumeKg: number;
  lastStartedAt: string;
}

/** Seconds over `metres` (a constant of the code) of the grouped sets covering it, at their average pace (decision 075). */
const bestTimeOver = (metres: 1000 | 5000 | 10_000) =>
  sql<number | null>`min(case when s.distance_m >= ${sql.raw(String(metres))} and s.duration_sec > 0
    then s.duration_sec * ${sql.raw(`${metres}.0`)} / s.distance_m end)`;

/**
 * The set-level bests of grouped `workout_sets as s` rows by the record rules: heaviest weight
 * lifted for at least one rep, longest distance, fastest pace (seconds per km), longest set timed
 * without a distance, best times over 1, 5 and 10 km.
 */
export const setBestColumns = () => [
  sql<number | null>`max(case when s.reps >= 1 and s.weight_kg > 0 then s.weight_kg end)`.as('heaviest'),
  sql<number | null>`max(case when s.distance_m > 0 then s.distance_m end)`.as('longest'),
  sql<
    number | null
  >`min(case when s.distance_m > 0 and s.duration_sec > 0 then s.duration_sec * 1000.0 / s.distance_m end)`.as(
    'fastest',
  ),
  sql<number | null>`max(case when s.distance_m is null and s.duration_sec > 0 then s.duration_sec end)`.as(
    'longest_time',
  ),
  bestTimeOver(1000).as('best_1k'),
  bestTimeOver(5000).as('best_5k'),
  bestTimeOver(10_000).as('best_10k'),
];

/**
 * The bests of a person's sessions of these exercises (started before `before`, when given), by
 * the rules of modules/training/records.ts, aggregated by the database: three grouped reads over the
 * history. A write replays only the sessions from its own start on, from these.
 */
export async function historyBests(trx: Executor, userId: Key, exerciseIds: readonly string[], before?: string) {
  const bests = new Map<string, Bests>();
  if (exerciseIds.length === 0) return bests;
  const of = (exerciseId: string) => {
    let found = bests.get(exerciseId);
    if (!found) {
      found = { scalar: {}, repsAtWeight: new Map() };
      bests.set(exerciseId, found);
    }
    return found;
  };
  const earlier = () => {
    const query = trx
      .selectFrom('workout_exercises as we')
      .innerJoin('workout_sets as s', (join) =>
        join.onRef('s.workout_id', '=', 'we.workout_id').onRef('s.exercise_position', '=', 'we.position'),
      )
      .where('we.user_id', '=', userId)
      .where('we.exercise_id', 'in', exerciseIds)
      .where('s.type', '<>', 'warmup')
      .where('s.done', '=', 1);
    return before === undefined ? query : query.where('we.started_at', '<', before);
  };
  const scalars = await earlier().select('we.exercise_id').select(setBestColumns()).groupBy('we.exercise_id').execute();
  for (const row of scalars) {
    const scalar = of(row.exercise_id).scalar;
    if (row.heaviest !== null) scalar.heaviestWeight = figure(Number(row.heaviest));
    if (row.longest !== null) scalar.longestDistance = figure(Number(row.longest));
    if (row.fastest !== null) scalar.fastestPace = figure(Number(row.fastest));
    if (row.longest_time !== null) scalar.longestDuration = Number(row.longest_time);
    if (row.best_1k !== null) scalar.fastest1k = figure(Number(row.best_1k));
    if (row.best_5k !== null) scalar.fastest5k = figure(Number(row.best_5k));
    if (row.best_10k !== null) scalar.fastest10k = figure(Number(row.best_10k));
  }
  const reps = await earlier()
    .select('we.exercise_id')
    .select(sql<number>`coalesce(s.weight_kg, 0)`.as('weight'))
    .select((eb) => eb.fn.max('s.reps').as('reps'))
    .where('s.reps', '>=', 1)
    .groupBy(['we.exercise_id', sql`coalesce(s.weight_kg, 0)`])
    .execute();
  for (const row of reps) {
    const map = of(row.exercise_id).repsAtWeight;
    const key = roundTo(Number(row.weight), 3);
    map.set(key, Math.max(Number(row.reps), map.get(key) ?? 0));
  }
  // Session figures: an exercise logged twice in a workout is one session, its volumes added.
  let sessionQuery = trx
    .selectFrom('workout_exercises')
    .select(['exercise_id', 'workout_id'])
    .select((eb) => [eb.fn.max('e1rm_kg').as('e1rm'), eb.fn.sum<number>('volume_kg').as('volume')])
    .where('user_id', '=', userId)
    .where('exercise_id', 'in', exerciseIds)
    .groupBy(['exercise_id', 'workout_id']);
  if (before !== undefined) sessionQuery = sessionQuery.where('started_at', '<', before);
  for (const row of await sessionQuery.execute()) {
    const scalar = of(row.exercise_id).scalar;
    if (row.e1rm !== null) scalar.bestE1rm = Math.max(figure(Number(row.e1rm)), scalar.bestE1rm ?? 0);
    const volume = figure(Number(row.volume ?? 0));
    if (volume > 0) scalar.bestVolume = Math.max(volume, scalar.bestVolume ?? 0);
  }
  return bests;
}

/** Sessions, largest entry volume and latest start of a person's exercises: one grouped read of the history index. */
export async function entryFigures(trx: Executor, userId: Key, exerciseIds: readonly string[]) {
  const figures = new Map<string, Omit<ExerciseStanding, 'bests'>>();
  if (exerciseIds.length === 0) return figures;
  const rows = await trx
    .selectFrom('workout_exercises')
    .select('exercise_id')
    .select((eb) => [
      // Sessions: an exercise logged twice in one workout counts once, as the record rules see it.
      eb.fn.count<number>('workout_id').distinct().as('entries'),
      eb.fn.max('volume_kg').as('volume'),
      eb.fn.max('started_at').as('last_at'),
    ])
    .where('user_id', '=', userId)
    .where('exercise_id', 'in', exerciseIds)
    .groupBy('exercise_id')
    .execute();
  for (const row of rows) {
    figures.set(row.exercise_id, {
      entries: Number(row.entries),
      bestEntryVolumeKg: Number(row.volume ?? 0),
      lastStartedAt: isoOf(row.last_at as Date | string),
    });
  }
  return figures;
}

const nullable = (value: number | null) => (value === null ? undefined : Number(value));

function standingOf(row: ExerciseBestsRow): ExerciseStanding {
  const scalar: Bests['scalar'] = {};
  const set = (type: keyof Bests['scalar'], value: number | null) => {
    const n = nullable(value);
    if (n !== undefined) scalar[type] = n;
  };
  set('heaviestWeight', row.heaviest_weight_kg);
  set('bestE1rm', row.best_e1rm_kg);
  set('bestVolume', row.best_volume_kg);
  set('longestDistance', row.longest_distance_m);
  set('fastestPace', row.fastest_pace_sec_per_km);
  set('longestDuration', row.longest_duration_sec);
  set('fastest1k', row.fastest_1k_sec);
  set('fastest5k', row.fastest_5k_sec);
  set('fastest10k', row.fastest_10k_sec);
  return {
    bests: { scalar, repsAtWeight: new Map(JSON.parse(row.reps_at_weight) as [number, number][]) },
    entries: Number(row.entries),
    bestEntryVolumeKg: Number(row.best_entry_volume_kg),
    lastStartedAt: isoOf(row.last_started_at),
  };
}

/** The stored standings of a person's exercises: one row each. */
export async function readStandings(trx: Executor, userId: Key, exerciseIds: readonly string[]) {
  const standings = new Map<string, ExerciseStanding>();
  for (const part of chunks([...new Set(exerciseIds)])) {
    const rows = await trx
      .selectFrom('exercise_bests')
      .selectAll()
      .where('user_id', '=', userId)
      .where('exercise_id', 'in', part)
      .execute();
    for (const row of rows) standings.set(row.exercise_id, standingOf(row));
  }
  return standings;
}

/**
 * PostgreSQL: the owner's row locked (their workout writes take turns, each replays records the
 * other changes) and the stored standings of a workout's exercises, in one round trip. Compiled
 * once per number of exercises (at most 50 in a workout).
 */
const lockedStandingsQuery = prepared((db: Db, args: Record<string, Key | string>, count: string) =>
  db.kysely
    .selectFrom('users as u')
    .leftJoin('exercise_bests as b', (join) =>
      join.onRef('b.user_id', '=', 'u.id').on(oneOf(db, 'b.exercise_id', args, 'e', Number(count))),
    )
    .selectAll('b')
    .where('u.id', '=', args.user as Key)
    .forUpdate(['u']),
);

/** SQLite: the stored standings of a workout's exercises (its one writer needs no lock). */
const standingsQuery = prepared((db: Db, args: Record<string, Key | string>, count: string) =>
  db.kysely
    .selectFrom('exercise_bests')
    .selectAll()
    .where('user_id', '=', args.user as Key)
    .where(oneOf(db, 'exercise_id', args, 'e', Number(count))),
);

/**
 * Takes the owner's turn for a workout write (PostgreSQL; SQLite has one writer anyway) and reads
 * the stored standings of these exercises.
 */
export async function lockOwnerStandings(trx: Executor, db: Db, userId: Key, exerciseIds: readonly string[]) {
  const ids = [...new Set(exerciseIds)];
  // The first 50 by a compiled statement (a workout has at most 50 exercises); an import's others after.
  const first = ids.slice(0, 50);
  const args = { user: userId, ...listArgs('e', first) } as Record<string, Key | string>;
  if (db.kind !== 'postgres') {
    const standings = await readStandings(trx, userId, ids.slice(50));
    if (first.length === 0) return standings;
    for (const row of await standingsQuery(db, String(first.length), args, trx))
      standings.set(row.exercise_id, standingOf(row));
    return standings;
  }
  if (first.length === 0) {
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    return new Map<string, ExerciseStanding>();
  }
  const locked = await lockedStandingsQuery(db, String(first.length), args, trx);
  const standings = await readStandings(trx, userId, ids.slice(50));
  for (const row of locked) {
    if (row.exercise_id !== null) standings.set(row.exercise_id, standingOf(row as ExerciseBestsRow));
  }
  return standings;
}

export type StandingRow = Insertable<DatabaseSchema['exercise_bests']>;

const upsertStandings = (on: Executor, rows: StandingRow[]) =>
  on
    .insertInto('exercise_bests')
    .values(rows)
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'exercise_id'])
        .doUpdateSet((eb) =>
          Object.fromEntries(standingValueColumns.map((name) => [name, eb.ref(`excluded.${name}`)])),
        ),
    );
const upsertStandingRows = preparedRows(namesOf(standingColumns), (db, rows: StandingRow[]) =>
  upsertStandings(db.kysely, rows),
);

/** The stored rows (`exercise_bests`) of a person's standings. */
export function standingRowsOf(userId: Key, standings: ReadonlyMap<string, ExerciseStanding>): StandingRow[] {
  return [...standings].map(
    ([exerciseId, s]): StandingRow => ({
      user_id: userId,
      exercise_id: exerciseId,
      heaviest_weight_kg: s.bests.scalar.heaviestWeight ?? null,
      best_e1rm_kg: s.bests.scalar.bestE1rm ?? null,
      best_volume_kg: s.bests.scalar.bestVolume ?? null,
      longest_distance_m: s.bests.scalar.longestDistance ?? null,
      fastest_pace_sec_per_km: s.bests.scalar.fastestPace ?? null,
      longest_duration_sec: s.bests.scalar.longestDuration ?? null,
      fastest_1k_sec: s.bests.scalar.fastest1k ?? null,
      fastest_5k_sec: s.bests.scalar.fastest5k ?? null,
      fastest_10k_sec: s.bests.scalar.fastest10k ?? null,
      reps_at_weight: JSON.stringify([...s.bests.repsAtWeight].sort(([a], [b]) => a - b)),
      entries: s.entries,
      best_entry_volume_kg: s.bestEntryVolumeKg,
      last_started_at: s.lastStartedAt,
    }),
  );
}

/**
 * Replaces the stored rows of these exercises with `standings` (an exercise left out has no entries
 * left): one upsert of many rows, and a delete only for exercises left out (an edit or a delete).
 * With `db`, the upsert is compiled once per row count (a workout's write); without (the
 * migration's fill, on a bare Kysely), it is built each time.
 */
export async function writeStandings(
  trx: Executor,
  userId: Key,
  exerciseIds: readonly string[],
  standings: ReadonlyMap<string, ExerciseStanding>,
  db?: Db,
) {
  const gone = [...new Set(exerciseIds)].filter((id) => !standings.has(id));
  for (const part of chunks(gone)) {
    await trx.deleteFrom('exercise_bests').where('user_id', '=', userId).where('exercise_id', 'in', part).execute();
  }
  const rows = standingRowsOf(userId, standings);
  if (db) return upsertStandingRows(db, trx, rows);
  // 15 columns a row: 500 rows stay below either database's limit of bound parameters.
  for (const batch of chunks(rows, 500)) await upsertStandings(trx, batch).execute();
}

/** Joins replayed bests with the entry figures of the history; exercises without entries are left out. */
export function standingsFrom(
  bests: ReadonlyMap<string, Bests>,
  figures: ReadonlyMap<string, Omit<ExerciseStanding, 'bests'>>,
) {
  const standings = new Map<string, ExerciseStanding>();
  for (const [exerciseId, f] of figures) {
    standings.set(exerciseId, { bests: bests.get(exerciseId) ?? { scalar: {}, repsAtWeight: new Map() }, ...f });
  }
  return standings;
}

/** Rebuilds a person's stored standings from the whole history (the migration, the bench loaders). */
export async function rebuildStandings(trx: Executor, userId: Key, exerciseIds?: readonly string[]) {
  const ids =
    exerciseIds ??
    (
      await trx.selectFrom('workout_exercises').select('exercise_id').distinct().where('user_id', '=', userId).execute()
    ).map((r) => r.exercise_id);
  for (const part of chunks([...new Set(ids)])) {
    const standings = standingsFrom(await historyBests(trx, userId, part), await entryFigures(trx, userId, part));
    await writeStandings(trx, userId, part, standings);
  }
}
