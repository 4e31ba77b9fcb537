import type { LastSession } from '@spotter/contract';
import { sql } from 'kysely';
import type { Db } from '../../../db/database';
import { listArgs, prepared } from '../../../db/prepared';
import type { Key } from '../../../db/schema/keys';
import { toApiTimestamp } from '../../../db/time';
import { answerSet } from '../workout-answer';
import { setValuesOf } from './workouts';

type LatestArgs = Record<string, Key | string>;

/**
 * Each exercise's latest entry (`exercise_id`, `workout_id`, `started_at`): one seek down the
 * history index (user_id, exercise_id, started_at, workout_id) per exercise, read backwards, as one
 * union. `withPosition` (SQLite) adds the position of the exercise's first entry in that workout,
 * whose sets `entrySetsQuery` then reads: the history index carries it (migration 151), and an
 * exercise logged twice in one workout is two entries of equal start and workout, the first
 * position taken.
 */
function latestEntries(db: Db, args: LatestArgs, count: number, withPosition: boolean) {
  const latestOf = (k: number) =>
    db.kysely
      .selectFrom(
        db.kysely
          .selectFrom('workout_exercises')
          .select(['exercise_id', 'workout_id', 'started_at'])
          .$if(withPosition, (query) => query.select('position'))
          .where('user_id', '=', args.user as Key)
          .where('exercise_id', '=', args[`e${k}`] as string)
          .orderBy('started_at', 'desc')
          .orderBy('workout_id', 'desc')
          .$if(withPosition, (query) => query.orderBy('position'))
          // A literal: with a bound LIMIT PostgreSQL prices the joined statement's generic plan at five
          // times its custom plans and plans it anew on every run.
          .limit(sql.lit(1))
          .as(`l${k}`),
      )
      .selectAll();
  let query = latestOf(0);
  for (let k = 1; k < count; k += 1) query = query.unionAll(latestOf(k));
  return query;
}

/** SQLite: `latestEntries` with positions, compiled once per number of exercises (a routine has at most 50). */
const latestEntriesQuery = prepared((db: Db, args: LatestArgs, count: string) =>
  latestEntries(db, args, Number(count), true),
);

/**
 * PostgreSQL: each exercise's latest entry joined to its entries in that workout and their sets, in
 * order, in one statement: a round trip is most of what a short read costs there (decisions 043,
 * 053), and `GET /api/exercises/{id}/last` is this statement alone. Compiled once per number of
 * exercises.
 */
const latestSetsQuery = prepared((db: Db, args: LatestArgs, count: string) =>
  db.kysely
    .selectFrom(latestEntries(db, args, Number(count), false).as('l'))
    .innerJoin('workout_exercises as we', (join) =>
      join.onRef('we.workout_id', '=', 'l.workout_id').onRef('we.exercise_id', '=', 'l.exercise_id'),
    )
    .innerJoin('workout_sets as s', (join) =>
      join.onRef('s.workout_id', '=', 'we.workout_id').onRef('s.exercise_position', '=', 'we.position'),
    )
    .select(['l.exercise_id', 'l.started_at', 'we.position as entry_position'])
    .selectAll('s')
    .orderBy('l.exercise_id')
    .orderBy('we.position')
    .orderBy('s.position'),
);

/**
 * SQLite: the sets of some workouts' exercise entries (workout `w{k}`, position `p{k}`), in their
 * order: a range of the sets' primary key each, compiled once per number of entries. Reading every
 * set of the workouts joined to their entries was the dearest statement of a routine's `?with=last`
 * there; on PostgreSQL this pair cost its backends more than one join did (performance-log.md,
 * "Issue 46: routines and creating a workout"), so it reads them joined (`latestSetsQuery`).
 */
const entrySetsQuery = prepared((db: Db, args: Record<string, string | number>, count: string) =>
  db.kysely
    .selectFrom('workout_sets')
    .selectAll()
    .where((eb) =>
      eb.or(
        Array.from({ length: Number(count) }, (_, k) =>
          eb.and([
            eb('workout_id', '=', args[`w${k}`] as string),
            eb('exercise_position', '=', args[`p${k}`] as number),
          ]),
        ),
      ),
    )
    .orderBy('workout_id')
    .orderBy('exercise_position')
    .orderBy('position'),
);

/**
 * The latest session of each exercise in one person's own log (GET /api/exercises/{id}/last, and a
 * routine's `?with=last`): the sets of the most recent workout that has it, by `startedAt` (id
 * breaking a tie), in order. An exercise logged twice in that workout answers its first entry's sets.
 * Two statements whatever the number of exercises; an exercise never done is absent from the map.
 */
export async function lastSessions(
  db: Db,
  userId: Key,
  exerciseIds: readonly string[],
): Promise<Map<string, NonNullable<LastSession>>> {
  const found = new Map<string, NonNullable<LastSession>>();
  const ids = [...new Set(exerciseIds)];
  if (ids.length === 0) return found;
  const args = { user: userId, ...listArgs('e', ids) } as LatestArgs;
  if (db.kind !== 'sqlite') {
    const entryOf = new Map<string, number>();
    for (const row of await latestSetsQuery(db, String(ids.length), args)) {
      // The first entry of the exercise in that workout: rows come in position order.
      const position = entryOf.get(row.exercise_id) ?? row.entry_position;
      entryOf.set(row.exercise_id, position);
      if (position !== row.entry_position) continue;
      let session = found.get(row.exercise_id);
      if (!session) {
        session = { workoutId: row.workout_id, startedAt: toApiTimestamp(row.started_at), sets: [] };
        found.set(row.exercise_id, session);
      }
      session.sets.push(answerSet(setValuesOf(row)));
    }
    return found;
  }
  const latest = await latestEntriesQuery(db, String(ids.length), args);
  if (latest.length === 0) return found;
  const setArgs: Record<string, string | number> = {};
  const entryAt = new Map<string, (typeof latest)[number]>();
  latest.forEach((entry, k) => {
    setArgs[`w${k}`] = entry.workout_id;
    setArgs[`p${k}`] = Number(entry.position);
    entryAt.set(`${entry.workout_id}\u0000${Number(entry.position)}`, entry);
  });
  const rows = await entrySetsQuery(db, String(latest.length), setArgs);
  for (const row of rows) {
    const entry = entryAt.get(`${row.workout_id}\u0000${row.exercise_position}`);
    if (!entry) continue;
    let session = found.get(entry.exercise_id);
    if (!session) {
      session = { workoutId: entry.workout_id, startedAt: toApiTimestamp(entry.started_at), sets: [] };
      found.set(entry.exercise_id, session);
    }
    session.sets.push(answerSet(setValuesOf(row)));
  }
  return found;
}
