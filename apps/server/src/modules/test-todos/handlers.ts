import type { RouteHandlers } from '../../http/add-route';
import { createTodo } from './routes/create-todo';
import { deleteTodo } from './routes/delete-todo';
import { listTodos } from './routes/list-todos';

/** The handlers of the test-todos module's routes, for the registry (http/handlers.ts). */
export const testTodosHandlers = {
  createTodo,
  deleteTodo,
  listTodos,
} satisfies RouteHandlers;
