import crypto from 'node:crypto';
import type { Todo } from '@spotter/contract';
import type { Db } from '../db/database';
import { nowIso, toApiTimestamp } from '../db/time';

/** The demo list is public, so it is kept short: adding beyond this drops the oldest. */
export const maxTodos = 50;

export async function listTodos(db: Db): Promise<Todo[]> {
  const rows = await db.kysely
    .selectFrom('test_todos')
    .selectAll()
    .orderBy('created_at')
    .orderBy('public_id')
    .execute();
  return rows.map((r) => ({ _id: r.public_id, text: r.text, createdAt: toApiTimestamp(r.created_at) }));
}

export async function addTodo(db: Db, text: string): Promise<Todo> {
  const todo = { public_id: crypto.randomUUID(), text, created_at: nowIso() };
  await db.kysely.transaction().execute(async (trx) => {
    await trx.insertInto('test_todos').values(todo).execute();
    const keep = trx
      .selectFrom('test_todos')
      .select('id')
      .orderBy('created_at', 'desc')
      .orderBy('public_id', 'desc')
      .limit(maxTodos);
    await trx.deleteFrom('test_todos').where('id', 'not in', keep).execute();
  });
  return { _id: todo.public_id, text: todo.text, createdAt: toApiTimestamp(todo.created_at) };
}

export async function deleteTodo(db: Db, publicId: string): Promise<boolean> {
  const result = await db.kysely.deleteFrom('test_todos').where('public_id', '=', publicId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
