import type { Handler } from '../../../http/add-route';
import { listTodos as ownTodos } from '../queries/test-todos';

/**
 * The request tester's demo resource, so its default request (GET /api/test-todos) shows a real
 * answer: the caller's own todos, an empty list without a token.
 */
export const listTodos: Handler<'listTodos'> = async ({ user }, ctx) => ({
  todos: user ? await ownTodos(ctx.db, user.id) : [],
});
