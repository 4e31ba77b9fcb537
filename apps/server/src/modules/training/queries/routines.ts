import crypto from 'node:crypto';
import { trainingLimits } from '@spotter/contract';
import type { Db } from '../../../db/database';
import { prepared } from '../../../db/prepared';
import type { Key } from '../../../db/schema/keys';
import type { RoutineRow } from '../../../db/schema/routines';
import { nowIso } from '../../../db/time';
import type { StoredRoutineExercise } from '../routine-answer';

export interface RoutineValues {
  title: string;
  notes: string;
  exercises: StoredRoutineExercise[];
}

/** A person's routines, latest changed first: one range of the (user_id, updated_at, id) index. */
const routinesOfQuery = prepared((db: Db, args: { user: Key }) =>
  db.kysely
    .selectFrom('routines')
    .selectAll()
    .where('user_id', '=', args.user)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(trainingLimits.routinesPerPerson),
);

export const routinesOf = (db: Db, userId: Key): Promise<RoutineRow[]> => routinesOfQuery(db, 'all', { user: userId });

/** One of a person's routines by its public id; undefined when it is not theirs (or not at all). */
const ownRoutineQuery = prepared((db: Db, args: { user: Key; id: string }) =>
  db.kysely.selectFrom('routines').selectAll().where('public_id', '=', args.id).where('user_id', '=', args.user),
);

export async function ownRoutine(db: Db, userId: Key, publicId: string): Promise<RoutineRow | undefined> {
  const [row] = await ownRoutineQuery(db, 'one', { user: userId, id: publicId });
  return row;
}

/**
 * Stores a new routine; undefined when its owner already keeps the most allowed. On PostgreSQL the
 * owner's row is locked first, so two saves at once take turns and cannot both pass the count
 * (SQLite runs one write transaction at a time).
 */
export async function insertRoutine(db: Db, userId: Key, values: RoutineValues): Promise<RoutineRow | undefined> {
  const at = nowIso();
  return db.kysely.transaction().execute(async (trx) => {
    if (db.kind === 'postgres')
      await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    const kept = await trx
      .selectFrom('routines')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (Number(kept?.n ?? 0) >= trainingLimits.routinesPerPerson) return undefined;
    return trx
      .insertInto('routines')
      .values({
        public_id: crypto.randomUUID(),
        user_id: userId,
        title: values.title,
        notes: values.notes,
        exercises: JSON.stringify(values.exercises),
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirst();
  });
}

/** Rewrites one of a person's routines; undefined when it is not theirs. */
export async function updateRoutine(
  db: Db,
  userId: Key,
  publicId: string,
  values: RoutineValues,
): Promise<RoutineRow | undefined> {
  return db.kysely
    .updateTable('routines')
    .set({
      title: values.title,
      notes: values.notes,
      exercises: JSON.stringify(values.exercises),
      updated_at: nowIso(),
    })
    .where('public_id', '=', publicId)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes one of a person's routines (its workouts stay, naming none); false when it is not theirs. */
export async function deleteRoutine(db: Db, userId: Key, publicId: string): Promise<boolean> {
  const result = await db.kysely
    .deleteFrom('routines')
    .where('public_id', '=', publicId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
