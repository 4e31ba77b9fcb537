import { apiErrors } from '@spotter/contract';
import { todoResponseSchema, todosResponseSchema } from '@spotter/contract/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { maxTodos } from '../src/modules/test-todos/queries/test-todos';
import { useTestApp } from './helpers/test-app';

const t = useTestApp();

describe('/api/test-todos (the request tester demo resource)', () => {
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    alice = (await t().signup('todo_alice')).token;
    bob = (await t().signup('todo_bob')).token;
  });

  it('the default GET answers 200 without a token (an empty list)', async () => {
    const res = await t().call('GET', '/api/test-todos');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ todos: [] });
  });

  it('lists, adds and deletes one’s own todos', async () => {
    const created = await t().call('POST', '/api/test-todos', { token: alice, body: { text: 'Foam roll after legs' } });
    expect(created.statusCode).toBe(201);
    const { todo } = todoResponseSchema.parse(created.json());
    expect(todo.text).toBe('Foam roll after legs');
    const listed = todosResponseSchema.parse((await t().call('GET', '/api/test-todos', { token: alice })).json());
    expect(listed.todos.map((x) => x._id)).toEqual([todo._id]);
    const deleted = await t().call('DELETE', `/api/test-todos/${todo._id}`, { token: alice });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ todos: [] });
    expect((await t().call('DELETE', `/api/test-todos/${todo._id}`, { token: alice })).statusCode).toBe(404);
  });

  // Issue 17, finding 8: anyone could add without bound and delete anyone's todos.
  it('adding and deleting need a token: 401, and nothing changes', async () => {
    const add = await t().call('POST', '/api/test-todos', { body: { text: 'anonymous spam' } });
    expect(add.statusCode).toBe(401);
    expect(add.json()).toEqual({ errors: [apiErrors.invalidToken] });
    const { todo } = (await t().call('POST', '/api/test-todos', { token: alice, body: { text: 'mine' } })).json();
    expect((await t().call('DELETE', `/api/test-todos/${todo._id}`)).statusCode).toBe(401);
    expect((await t().call('GET', '/api/test-todos', { token: alice })).json().todos).toHaveLength(1);
    await t().call('DELETE', `/api/test-todos/${todo._id}`, { token: alice });
  });

  it('another person’s todo: their DELETE is a 404, and they do not see it', async () => {
    const { todo } = (await t().call('POST', '/api/test-todos', { token: alice, body: { text: 'private' } })).json();
    const res = await t().call('DELETE', `/api/test-todos/${todo._id}`, { token: bob });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: [apiErrors.todoNotFound] });
    expect((await t().call('GET', '/api/test-todos', { token: bob })).json()).toEqual({ todos: [] });
    expect((await t().call('GET', '/api/test-todos')).json()).toEqual({ todos: [] });
    expect(
      (await t().call('GET', '/api/test-todos', { token: alice })).json().todos.map((x: { _id: string }) => x._id),
    ).toEqual([todo._id]);
    await t().call('DELETE', `/api/test-todos/${todo._id}`, { token: alice });
  });

  it("refuses the tester's default empty body with a 400 naming the field", async () => {
    const res = await t().call('POST', '/api/test-todos', { token: alice, body: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatch(/^text: /);
  });

  it(`keeps only each person’s newest ${maxTodos}; another person’s list is untouched`, async () => {
    const { todo: bobs } = (await t().call('POST', '/api/test-todos', { token: bob, body: { text: 'bob' } })).json();
    for (let i = 0; i < maxTodos + 5; i++) {
      await t().call('POST', '/api/test-todos', { token: alice, body: { text: `todo ${i}` } });
    }
    const todos = todosResponseSchema.parse((await t().call('GET', '/api/test-todos', { token: alice })).json()).todos;
    expect(todos).toHaveLength(maxTodos);
    expect(todos[todos.length - 1]?.text).toBe(`todo ${maxTodos + 4}`);
    expect(todos[0]?.text).toBe('todo 5');
    expect((await t().call('GET', '/api/test-todos', { token: bob })).json().todos).toEqual([bobs]);
  });
});
