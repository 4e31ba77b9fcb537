import { apiErrors, endpoints } from '@spotter/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { addTodo, deleteTodo, listTodos } from '../../queries/test-todos';
import { addRoute } from '../define';

/** The request tester's demo resource, so its default request (GET /api/test-todos) shows a real answer. */
export function testTodoRoutes(app: FastifyInstance, ctx: AppContext) {
  addRoute(app, ctx, endpoints.listTodos, async () => ({ todos: await listTodos(ctx.db) }));
  addRoute(app, ctx, endpoints.createTodo, async ({ body }) => ({ todo: await addTodo(ctx.db, body.text) }));
  addRoute(app, ctx, endpoints.deleteTodo, async ({ params }) => {
    if (!(await deleteTodo(ctx.db, params.todoId))) throw notFound(apiErrors.todoNotFound);
    return { todos: await listTodos(ctx.db) };
  });
}
