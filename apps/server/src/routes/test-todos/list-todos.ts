import type { Handler } from '../../http/add-route';
import { listTodos as allTodos } from '../../queries/test-todos';

/** The request tester's demo resource, so its default request (GET /api/test-todos) shows a real answer. */
export const listTodos: Handler<'listTodos'> = async (_input, ctx) => ({ todos: await allTodos(ctx.db) });
