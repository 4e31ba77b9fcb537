import { apiErrors } from '@spotter/contract';
import { notFound } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { listTodos, deleteTodo as removeTodo } from '../queries/test-todos';

export const deleteTodo: Handler<'deleteTodo'> = async ({ params, user }, ctx) => {
  if (!(await removeTodo(ctx.db, user.id, params.todoId))) throw notFound(apiErrors.todoNotFound);
  return { todos: await listTodos(ctx.db, user.id) };
};
