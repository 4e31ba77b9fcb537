import crypto from 'node:crypto';
import type { Todo } from '@spotter/contract';
import type { Db } from '../db/database';
import { nowIso, toApiTimestamp } from '../db/time';

/** Each person's demo list is kept short: adding beyond this drops their oldest. */
export const maxTodos = 50;

export async function listTodos(db: Db, userId: string): Promise<Todo[]> {
  const rows = await db.kysely
    .selectFrom('test_todos')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ _id: r.id, text: r.text, createdAt: toApiTimestamp(r.created_at) }));
}

export async function addTodo(db: Db, userId: string, text: string): Promise<Todo> {
  const todo = { id: crypto.randomUUID(), user_id: userId, text, created_at: nowIso() };
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
  return { _id: todo.id, text: todo.text, createdAt: toApiTimestamp(todo.created_at) };
}

/** Deletes one of the person's own todos; someone else's is as absent as an unknown one. */
export async function deleteTodo(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db.kysely
    .deleteFrom('test_todos')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
