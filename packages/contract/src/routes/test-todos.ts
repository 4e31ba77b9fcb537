import { routeGroup, writes } from './spec';

/** The request tester's demo todos (the `test-todos` tag). */
export const todoRoutes = routeGroup({
  listTodos: {
    method: 'GET',
    path: '/api/test-todos',
    summary: 'Your demo todos, for the request tester (empty without a token)',
    tag: 'test-todos',
    auth: 'optional',
    status: 200,
  },
  createTodo: {
    method: 'POST',
    path: '/api/test-todos',
    summary: 'Add a demo todo',
    tag: 'test-todos',
    auth: true,
    status: 201,
    rateLimit: writes,
  },
  deleteTodo: {
    method: 'DELETE',
    path: '/api/test-todos/:todoId',
    summary: 'Delete a demo todo',
    tag: 'test-todos',
    auth: true,
    status: 200,
    rateLimit: writes,
  },
});
