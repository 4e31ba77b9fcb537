import type { Handler } from '../../../http/add-route';
import { addTodo } from '../queries/test-todos';

export const createTodo: Handler<'createTodo'> = async ({ body, user }, ctx) => ({
  todo: await addTodo(ctx.db, user.id, body.text),
});
