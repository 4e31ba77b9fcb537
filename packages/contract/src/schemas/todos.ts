import { z } from 'zod';
import { id, timestamp } from './fields';

/** The request tester's demo resource. */
export const todoSchema = z.object({ _id: id, text: z.string(), createdAt: timestamp });
export type Todo = z.infer<typeof todoSchema>;

export const createTodoBodySchema = z.object({
  text: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
});
export const todosResponseSchema = z.object({ todos: z.array(todoSchema) });
export const todoResponseSchema = z.object({ todo: todoSchema });
export const todoIdParamsSchema = z.object({ todoId: id });
