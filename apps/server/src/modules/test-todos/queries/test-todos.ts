import crypto from 'node:crypto';
import type { Todo } from '@spotter/contract';
import type { Db } from '../../../db/database';
import type { Key } from '../../../db/schema';
import { nowIso, toApiTimestamp } from '../../../db/time';

/** Each person's demo list is kept short: adding beyond this drops their oldest. */
export const maxTodos = 50;

export async function listTodos(db: Db, userId: Key): Promise<Todo[]> {
  const rows = await db.kysely
    .selectFrom('test_todos')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    // Two added in the same millisecond keep the order they were added in (the key grows with each insert).
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ _id: r.public_id, text: r.text, createdAt: toApiTimestamp(r.created_at) }));
}

export async function addTodo(db: Db, userId: Key, text: string): Promise<Todo> {
  const todo = { public_id: crypto.randomUUID(), user_id: userId, text, created_at: nowIso() };
  await db.kysely.transaction().execute(async (trx) => {
    await trx.insertInto('test_todos').values(todo).execute();
    const keep = trx
      .selectFrom('test_todos')
      .select('id')
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(maxTodos);
    await trx.deleteFrom('test_todos').where('user_id', '=', userId).where('id', 'not in', keep).execute();
  });
  return { _id: todo.public_id, text: todo.text, createdAt: toApiTimestamp(todo.created_at) };
}

/** Deletes one of the person's own todos; someone else's is as absent as an unknown one. */
export async function deleteTodo(db: Db, userId: Key, publicId: string): Promise<boolean> {
  const result = await db.kysely
    .deleteFrom('test_todos')
    .where('public_id', '=', publicId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
