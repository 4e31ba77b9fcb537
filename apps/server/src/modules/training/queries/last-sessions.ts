import type { LastSession } from '@spotter/contract';
import type { Db } from '../../../db/database';
import { listArgs, oneOf, prepared } from '../../../db/prepared';
import type { Key } from '../../../db/schema/keys';
import { toApiTimestamp } from '../../../db/time';
import { answerSet } from '../workout-answer';
import { setValuesOf } from './workouts';

type LatestArgs = Record<string, Key | string>;

/**
 * Each exercise's latest entry in one person's log: one seek down the history index
 * (user_id, exercise_id, started_at, workout_id) per exercise, read backwards, in one statement.
 * Compiled once per number of exercises (a routine has at most 50).
 */
const latestEntriesQuery = prepared((db: Db, args: LatestArgs, count: string) => {
  const latestOf = (k: number) =>
    db.kysely
      .selectFrom(
        db.kysely
          .selectFrom('workout_exercises')
          .select(['exercise_id', 'workout_id', 'started_at'])
          .where('user_id', '=', args.user as Key)
          .where('exercise_id', '=', args[`e${k}`] as string)
          .orderBy('started_at', 'desc')
          .orderBy('workout_id', 'desc')
          .limit(1)
          .as(`l${k}`),
      )
      .selectAll();
  let query = latestOf(0);
  for (let k = 1; k < Number(count); k += 1) query = query.unionAll(latestOf(k));
  return query;
});

/** The sets of some exercises in some workouts, in their order: compiled once per number of workouts. */
const entrySetsQuery = prepared((db: Db, args: Record<string, string>, shape: string) => {
  const [workouts, exercises] = shape.split(' ').map(Number) as [number, number];
  return db.kysely
    .selectFrom('workout_exercises as we')
    .innerJoin('workout_sets as s', (join) =>
      join.onRef('s.workout_id', '=', 'we.workout_id').onRef('s.exercise_position', '=', 'we.position'),
    )
    .select(['we.exercise_id', 'we.position as entry_position'])
    .selectAll('s')
    .where(oneOf(db, 'we.workout_id', args, 'w', workouts))
    .where(oneOf(db, 'we.exercise_id', args, 'e', exercises))
    .orderBy('we.workout_id')
    .orderBy('we.position')
    .orderBy('s.position');
});

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
  const latest = await latestEntriesQuery(db, String(ids.length), {
    user: userId,
    ...listArgs('e', ids),
  } as LatestArgs);
  if (latest.length === 0) return found;
  const workoutIds = [...new Set(latest.map((l) => l.workout_id))];
  const exercisesDone = latest.map((l) => l.exercise_id);
  const rows = await entrySetsQuery(db, `${workoutIds.length} ${exercisesDone.length}`, {
    ...listArgs('w', workoutIds),
    ...listArgs('e', exercisesDone),
  } as Record<string, string>);
  const latestOf = new Map(latest.map((l) => [l.exercise_id, l]));
  const entryOf = new Map<string, number>();
  for (const row of rows) {
    const entry = latestOf.get(row.exercise_id);
    if (!entry || entry.workout_id !== row.workout_id) continue;
    // The first entry of the exercise in that workout: rows come in position order.
    const position = entryOf.get(row.exercise_id) ?? row.entry_position;
    entryOf.set(row.exercise_id, position);
    if (position !== row.entry_position) continue;
    let session = found.get(row.exercise_id);
    if (!session) {
      session = { workoutId: entry.workout_id, startedAt: toApiTimestamp(entry.started_at), sets: [] };
      found.set(row.exercise_id, session);
    }
    session.sets.push(answerSet(setValuesOf(row)));
  }
  return found;
}
