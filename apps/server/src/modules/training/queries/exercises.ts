import type { Exercise, Muscle } from '@spotter/contract';
import type { CreateExerciseBody } from '@spotter/contract/schemas';
import { sql } from 'kysely';
import { chunks } from '../../../db/chunks';
import type { Db } from '../../../db/database';
import { perDatabase } from '../../../db/per-database';
import { listArgs, oneOf, prepared } from '../../../db/prepared';
import type { ExerciseRow } from '../../../db/schema/exercises';
import type { Key } from '../../../db/schema/keys';
import { nowIso } from '../../../db/time';
import { foldName } from '../fold-name';

export const toExercise = (row: ExerciseRow): Exercise => ({
  _id: row.id,
  name: row.name,
  category: row.category,
  measure: row.measure,
  primaryMuscles: JSON.parse(row.primary_muscles) as Muscle[],
  secondaryMuscles: JSON.parse(row.secondary_muscles) as Muscle[],
  equipment: row.equipment,
  custom: row.owner_id !== null,
});

/**
 * Exercises whose folded name contains the folded query: the catalogue's and the viewer's own, names
 * that start with it first, then by name. Two reads, each down the (owner_id, name_key) index, rather
 * than one with an OR that would read every person's custom exercises.
 */
export async function searchExercises(
  db: Db,
  viewerId: Key | undefined,
  query: string,
  limit: number,
): Promise<Exercise[]> {
  const key = foldName(query);
  const read = (owner: Key | null) =>
    db.kysely
      .selectFrom('exercises')
      .selectAll()
      .where('owner_id', owner === null ? 'is' : '=', owner)
      .where('name_key', 'like', `%${key}%`)
      .orderBy(sql`case when name_key like ${`${key}%`} then 0 else 1 end`)
      .orderBy('name_key')
      .orderBy('id')
      .limit(limit)
      .execute();
  const rows = [...(await read(null)), ...(viewerId ? await read(viewerId) : [])];
  const rank = (row: ExerciseRow) => (row.name_key.startsWith(key) ? 0 : 1);
  rows.sort((a, b) => rank(a) - rank(b) || (a.name_key < b.name_key ? -1 : a.name_key > b.name_key ? 1 : 0));
  return rows.slice(0, limit).map(toExercise);
}

/** Inserts a custom exercise; undefined when its owner already has one of that (folded) name. */
export async function insertCustomExercise(
  db: Db,
  ownerId: Key,
  id: string,
  exercise: CreateExerciseBody['exercise'] & Pick<Exercise, 'secondaryMuscles' | 'equipment'>,
): Promise<Exercise | undefined> {
  const row = {
    id,
    owner_id: ownerId,
    name: exercise.name,
    name_key: foldName(exercise.name),
    category: exercise.category,
    measure: exercise.measure,
    equipment: exercise.equipment,
    primary_muscles: JSON.stringify(exercise.primaryMuscles),
    secondary_muscles: JSON.stringify(exercise.secondaryMuscles),
    created_at: nowIso(),
  };
  const result = await db.kysely
    .insertInto('exercises')
    .values(row)
    .onConflict((oc) => oc.columns(['owner_id', 'name_key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1 ? toExercise(row) : undefined;
}

/** A workout's exercises (at most 50) that its owner may use: compiled once per number of them. */
const visibleExercisesQuery = prepared((db: Db, args: Record<string, Key | string>, count: string) =>
  db.kysely
    .selectFrom('exercises')
    .selectAll()
    .where(oneOf(db, 'id', args, 'e', Number(count)))
    .where((eb) => eb.or([eb('owner_id', 'is', null), eb('owner_id', '=', args.user as Key)])),
);

/**
 * The catalogue's rows read so far, by id. The catalogue is written by migrations alone and never
 * changes while a server runs, so a row read once is answered from here after: a workout's write,
 * `last` and a routine's answer name catalogue lifts, and on PostgreSQL that read was a round trip of
 * its own. A custom exercise is always read: whether it is visible depends on who asks, and it goes
 * with its owner's account. An id not found is not kept.
 */
const catalogueRows = perDatabase(() => new Map<string, ExerciseRow>());

/** The exercises among `ids` that a person may log: the catalogue's and their own. */
export async function exercisesVisibleTo(db: Db, userId: Key, ids: readonly string[]) {
  const catalogue = catalogueRows(db);
  const found = new Map<string, ExerciseRow>();
  const unread: string[] = [];
  for (const id of new Set(ids)) {
    const row = catalogue.get(id);
    if (row) found.set(id, row);
    else unread.push(id);
  }
  const keep = (row: ExerciseRow) => {
    found.set(row.id, row);
    if (row.owner_id === null) catalogue.set(row.id, row);
  };
  if (unread.length === 0) return found;
  if (unread.length <= 50) {
    const args = { user: userId, ...listArgs('e', unread) } as Record<string, Key | string>;
    for (const row of await visibleExercisesQuery(db, String(unread.length), args)) keep(row);
    return found;
  }
  for (const part of chunks(unread)) {
    const rows = await db.kysely
      .selectFrom('exercises')
      .selectAll()
      .where('id', 'in', part)
      .where((eb) => eb.or([eb('owner_id', 'is', null), eb('owner_id', '=', userId)]))
      .execute();
    for (const row of rows) keep(row);
  }
  return found;
}

/** The catalogue's and a person's own exercises whose folded names are among `keys`. */
export async function exercisesByNameKeys(db: Db, userId: Key, keys: readonly string[]): Promise<ExerciseRow[]> {
  const found: ExerciseRow[] = [];
  for (const part of chunks([...new Set(keys)])) {
    for (const owner of [null, userId]) {
      found.push(
        ...(await db.kysely
          .selectFrom('exercises')
          .selectAll()
          .where('owner_id', owner === null ? 'is' : '=', owner)
          .where('name_key', 'in', part)
          .execute()),
      );
    }
  }
  return found;
}
