import { todoResponseSchema, todosResponseSchema } from '@spotter/contract/schemas';
import { describe, expect, it } from 'vitest';
import { maxTodos } from '../src/queries/test-todos';
import { useTestApp } from './helpers/test-app';

const t = useTestApp();

describe('/api/test-todos (the request tester demo resource, public)', () => {
  it('lists, adds and deletes todos', async () => {
    expect((await t().call('GET', '/api/test-todos')).json()).toEqual({ todos: [] });
    const created = await t().call('POST', '/api/test-todos', { body: { text: 'Foam roll after legs' } });
    expect(created.statusCode).toBe(201);
    const { todo } = todoResponseSchema.parse(created.json());
    expect(todo.text).toBe('Foam roll after legs');
    const listed = todosResponseSchema.parse((await t().call('GET', '/api/test-todos')).json()).todos;
    expect(listed.map((x) => x._id)).toEqual([todo._id]);
    const deleted = await t().call('DELETE', `/api/test-todos/${todo._id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ todos: [] });
    expect((await t().call('DELETE', `/api/test-todos/${todo._id}`)).statusCode).toBe(404);
  });

  it("refuses the tester's default empty body with a 400 naming the field", async () => {
    const res = await t().call('POST', '/api/test-todos', { body: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatch(/^text: /);
  });

  it(`keeps only the newest ${maxTodos}, since anyone may add`, async () => {
    for (let i = 0; i < maxTodos + 5; i++) await t().call('POST', '/api/test-todos', { body: { text: `todo ${i}` } });
    const todos = todosResponseSchema.parse((await t().call('GET', '/api/test-todos')).json()).todos;
    expect(todos).toHaveLength(maxTodos);
    expect(todos[todos.length - 1]?.text).toBe(`todo ${maxTodos + 4}`);
    expect(todos[0]?.text).toBe('todo 5');
  });
});
