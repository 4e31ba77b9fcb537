import { allRoutes, apiErrors, openApiPath, routes } from '@spotter/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { clearSession } from '../../../lib/session';
import { isCall, type SentCall, stubApi } from '../../../testing/api-stub';
import { renderRoutes } from '../../../testing/render';
import { signInAs, testUser } from '../../../testing/session';
import { RequestTesterRoute } from './request-tester';

/**
 * The request tester at /test, walked by an anonymous visitor (SPEC §2-§5, §9), by its exact texts.
 * What needs a real browser (its chunks, layout at phone width, axe) stays in e2e/request-tester.spec.ts.
 */

beforeEach(() => {
  // The tree viewer follows the system's colour scheme; jsdom has no media queries.
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => ({ matches: false, addEventListener: () => {}, removeEventListener: () => {} })),
  );
});

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

const screens: RouteObject[] = [
  { path: paths.requestTester, Component: RequestTesterRoute },
  { path: paths.home, element: <h1>Home feed</h1> },
];

const token = 'a-guest-token';
const headers = { 'content-type': 'application/json; charset=utf-8', 'x-request-id': 'req-1' };
/** HTTP/1.1's reason phrases, which the server's answers carry. */
const statusTexts: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
};
const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, statusText: statusTexts[status], headers });

/**
 * The server's demo resource as apps/server/tests/test-todos.test.ts pins it: anyone lists, a token
 * adds (a body without text is a 400 naming the field) and deletes (a gone todo is a 404).
 */
function stubTodos() {
  const todos: { _id: string; text: string; createdAt: string }[] = [];
  return stubApi((call: SentCall) => {
    if (call.path === openApiPath) return answer(200, openApiDocument);
    const signedIn = call.headers.get('authorization') === token;
    if (isCall(call, routes.listTodos)) return answer(200, { todos });
    if (isCall(call, routes.createTodo)) {
      if (!signedIn) return answer(401, { errors: [apiErrors.invalidToken] });
      const text = (call.body as { text?: string } | undefined)?.text;
      if (!text) return answer(400, { errors: ['text: is required'] });
      const todo = { _id: `0b7d3c2a-0000-4000-8000-00000000000${todos.length + 1}`, text, createdAt: '2026-11-24' };
      todos.push(todo);
      return answer(201, { todo });
    }
    if (isCall(call, routes.deleteTodo)) {
      if (!signedIn) return answer(401, { errors: [apiErrors.invalidToken] });
      const at = todos.findIndex((todo) => call.path.endsWith(todo._id));
      if (at < 0) return answer(404, { errors: [apiErrors.todoNotFound] });
      todos.splice(at, 1);
      return answer(200, { todos });
    }
    return answer(404, { errors: [`Route ${call.method}:${call.path} not found`] });
  });
}

/**
 * The OpenAPI document's part the tester reads: a call's JSON request body schema, as the server's
 * document writes it for POST /api/test-todos (apps/server/tests/openapi.test.ts checks the document).
 */
const openApiDocument = {
  openapi: '3.1.0',
  paths: {
    '/api/test-todos': {
      get: { operationId: 'listTodos' },
      post: {
        operationId: 'createTodo',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { type: 'object', properties: { text: { type: 'string', minLength: 1 } }, required: ['text'] },
            },
          },
        },
      },
    },
  },
};

const testerCalls = (calls: SentCall[]) => calls.filter((call) => call.path.startsWith('/api/'));
const responsePanel = () => screen.getByRole('region', { name: 'Response' });
const tree = () => responsePanel().querySelector<HTMLElement>('.tester-tree');
const treeText = () => tree()?.textContent ?? '';
const objectKey = (name: string) =>
  [...(tree()?.querySelectorAll<HTMLElement>('.object-key') ?? [])].find((key) => key.textContent === name);
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

function renderTester() {
  const user = userEvent.setup({ delay: null });
  const view = renderRoutes(screens, paths.requestTester);
  expect(screen.getByRole('heading', { name: 'Request tester', level: 1 })).toBeTruthy();
  return { user, ...view };
}

async function submit(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Submit' }));
}

/** Adding and deleting todos need a token, typed into header 2 as a person would. */
async function useToken(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('Header 2 name'), 'Authorization');
  await user.type(field('Header 2 value'), token);
  const use = field('Use header 2');
  if (!use.checked) await user.click(use);
}

async function expectStatus(status: string, statusText: string) {
  await waitFor(() => expect(screen.getByTestId('response-status').textContent).toBe(status));
  expect(screen.getByTestId('response-status-text').textContent).toBe(statusText);
}

/** Types into the body box; braces are keys to user-event, so they are doubled. */
async function typeBody(user: ReturnType<typeof userEvent.setup>, text: string) {
  const body = field('Body (JSON)');
  await user.clear(body);
  const keys = text.replace(/[{[]/g, (c) => c + c);
  if (keys) await user.type(body, keys);
}

const jsonError = () => screen.queryByText('Error in JSON format');

describe('the request tester', () => {
  it('opens with its defaults: GET /api/test-todos, Accept */*, an empty JSON object, no response', () => {
    stubTodos();
    renderTester();
    const method = field('Method') as unknown as HTMLSelectElement;
    expect(method.value).toBe('GET');
    expect([...method.options].map((option) => option.textContent)).toEqual(['GET', 'POST', 'DELETE']);
    expect((screen.getByPlaceholderText('Enter your endpoint') as HTMLInputElement).value).toBe('/api/test-todos');
    expect(screen.getByRole('heading', { name: 'Headers (1)' })).toBeTruthy();
    expect(field('Use header 1').checked).toBe(true);
    expect(field('Header 1 name').value).toBe('Accept');
    expect(field('Header 1 value').value).toBe('*/*');
    expect(field('Use header 2').checked).toBe(false);
    expect(field('Header 2 name').value).toBe('');
    expect(field('Header 2 value').value).toBe('');
    expect(screen.queryByLabelText('Header 3 name')).toBeNull();
    expect(field('Body (JSON)').value).toBe('{}');
    expect(within(responsePanel()).getByText('Response is undefined.')).toBeTruthy();
  });

  it('GET of the default list shows status, status text, headers and body as a tree', async () => {
    const calls = stubTodos();
    const { user } = renderTester();
    await submit(user);
    await expectStatus('200', 'OK');
    const [sent] = testerCalls(calls);
    expect(sent?.method).toBe('GET');
    expect(sent?.headers.get('accept')).toBe('*/*');
    expect(sent?.headers.get('authorization')).toBeNull();
    expect(within(responsePanel()).queryByText('Response is undefined.')).toBeNull();
    await waitFor(() => expect(treeText()).toContain('todos'));
    // The response's headers start folded, so the body is in view; a click opens them, another folds them.
    expect(treeText()).not.toContain('content-type');
    await user.click(objectKey('headers') as HTMLElement);
    expect(treeText()).toContain('content-type');
    expect(treeText()).toContain('application/json; charset=utf-8');
    await user.click(objectKey('headers') as HTMLElement);
    expect(treeText()).not.toContain('content-type');
  });

  it('a body showing its JSON error is not sent: Submit sends nothing until it is fixed', async () => {
    const calls = stubTodos();
    const { user } = renderTester();
    await useToken(user);
    await user.selectOptions(field('Method'), 'POST');
    await typeBody(user, '{"text": "first"}');
    await typeBody(user, '{"text": "second"');
    expect(jsonError()).toBeTruthy();
    await submit(user);
    expect(document.activeElement).toBe(field('Body (JSON)'));
    expect(testerCalls(calls)).toEqual([]);
    expect(within(responsePanel()).getByText('Response is undefined.')).toBeTruthy();

    await typeBody(user, '{"text": "second"}');
    await submit(user);
    await expectStatus('201', 'Created');
    expect(testerCalls(calls).map((call) => `${call.method} ${JSON.stringify(call.body)}`)).toEqual([
      'POST {"text":"second"}',
    ]);
  });

  it('the header title counts enabled headers; typing in the last row appends an empty disabled one', async () => {
    const calls = stubTodos();
    const { user } = renderTester();
    await user.type(field('Header 2 name'), 'X-Spotter-Set');
    expect(screen.getByRole('heading', { name: 'Headers (2)' })).toBeTruthy();
    expect(field('Use header 2').checked).toBe(true);
    expect(field('Header 3 name').value).toBe('');
    expect(field('Use header 3').checked).toBe(false);
    await user.type(field('Header 2 value'), '5x5');
    expect(screen.queryByLabelText('Header 4 name')).toBeNull();

    await user.click(field('Use header 1'));
    expect(screen.getByRole('heading', { name: 'Headers (1)' })).toBeTruthy();
    await user.type(field('Header 3 value'), 'not sent');
    await user.click(field('Use header 3'));
    expect(screen.getByRole('heading', { name: 'Headers (1)' })).toBeTruthy();
    expect(screen.getByLabelText('Header 4 name')).toBeTruthy();

    // Only the ticked rows go out.
    await submit(user);
    await expectStatus('200', 'OK');
    const [sent] = testerCalls(calls);
    expect(sent?.headers.get('x-spotter-set')).toBe('5x5');
    expect(sent?.headers.get('accept')).not.toBe('*/*');
    expect([...(sent?.headers.keys() ?? [])]).toEqual(['x-spotter-set']);
  });

  it("an invalid or empty JSON body says 'Error in JSON format' under the box", async () => {
    stubTodos();
    const { user } = renderTester();
    expect(jsonError()).toBeNull();
    await typeBody(user, '{"text": ');
    expect(jsonError()).toBeTruthy();
    expect(field('Body (JSON)').getAttribute('aria-invalid')).toBe('true');
    await typeBody(user, '{"text": "squat"}');
    expect(jsonError()).toBeNull();
    await typeBody(user, '');
    expect(jsonError()).toBeTruthy();
  });

  it('POST a todo with a JSON body, find it in the list, DELETE it, then a 404 for the gone todo', async () => {
    const calls = stubTodos();
    const { user } = renderTester();
    const text = 'Deadlift 180 kg';
    await useToken(user);
    await user.selectOptions(field('Method'), 'POST');
    await typeBody(user, JSON.stringify({ text }));
    await submit(user);
    await expectStatus('201', 'Created');
    const [posted] = testerCalls(calls);
    expect(posted?.body).toEqual({ text });
    expect(posted?.headers.get('content-type')).toBe('application/json');
    await waitFor(() => expect(treeText()).toContain(text));
    const id = /_id\s*:\s*"([0-9a-f-]{36})"/.exec(treeText())?.[1];
    expect(id).toBeTruthy();

    await user.selectOptions(field('Method'), 'GET');
    await submit(user);
    await waitFor(() => expect(testerCalls(calls)).toHaveLength(2));
    await expectStatus('200', 'OK');
    expect(treeText()).toContain(text);

    await user.selectOptions(field('Method'), 'DELETE');
    const endpoint = screen.getByPlaceholderText('Enter your endpoint');
    await user.clear(endpoint);
    await user.type(endpoint, `/api/test-todos/${id}`);
    await submit(user);
    await waitFor(() => expect(testerCalls(calls)).toHaveLength(3));
    await expectStatus('200', 'OK');
    expect(treeText()).toContain('todos');
    expect(treeText()).not.toContain(text);

    // The same DELETE again: the failed request's response is shown too.
    await submit(user);
    await expectStatus('404', 'Not Found');
    expect(within(responsePanel()).getByText('Request failed with status code 404')).toBeTruthy();
    await waitFor(() => expect(treeText()).toContain('Todo not found'));
  });

  it('a 404 of an unknown endpoint and a 400 of a bad body are shown with their answers', async () => {
    stubTodos();
    const { user } = renderTester();
    const endpoint = screen.getByPlaceholderText('Enter your endpoint');
    await user.clear(endpoint);
    await user.type(endpoint, '/api/no-such-thing');
    await submit(user);
    await expectStatus('404', 'Not Found');
    expect(screen.getByText('Request failed with status code 404')).toBeTruthy();
    await waitFor(() => expect(treeText()).toContain('errors'));

    await user.clear(endpoint);
    await user.type(endpoint, '/api/test-todos');
    await useToken(user);
    await user.selectOptions(field('Method'), 'POST');
    await submit(user);
    await expectStatus('400', 'Bad Request');
    expect(screen.getByText('Request failed with status code 400')).toBeTruthy();
    expect(treeText()).toContain('errors');
  });

  it('long arrays in the answer are grouped by 100 items', async () => {
    const items = Array.from({ length: 250 }, (_, i) => `set ${i}`);
    stubApi(() => answer(200, { items }));
    const { user } = renderTester();
    const endpoint = screen.getByPlaceholderText('Enter your endpoint');
    await user.clear(endpoint);
    await user.type(endpoint, '/api/long-list');
    await submit(user);
    await expectStatus('200', 'OK');
    const group = async (range: string) => within(tree() as HTMLElement).findByText(range);
    for (const range of ['0 - 99', '100 - 199', '200 - 249']) expect(await group(range)).toBeTruthy();
    expect(treeText()).not.toContain('set 0');
    await user.click(await group('0 - 99'));
    expect(treeText()).toContain('set 0');
    expect(treeText()).toContain('set 99');
    expect(treeText()).not.toContain('set 100');
  });

  it('a request that gets no answer shows the network error and no response', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const { user } = renderTester();
    await submit(user);
    expect(await screen.findByText('Network Error')).toBeTruthy();
    expect(within(responsePanel()).getByText('Response is undefined.')).toBeTruthy();
  });

  it('a header name the browser cannot send is refused with its reason, and nothing is sent', async () => {
    const calls = stubTodos();
    const { user } = renderTester();
    await user.type(field('Header 2 name'), 'Bad Header');
    await submit(user);
    const alert = await within(responsePanel()).findByRole('alert');
    expect(alert.textContent).toMatch(/invalid/i);
    expect(within(responsePanel()).getByText('Response is undefined.')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('a signed-in person can use it too, and its brand link leads to the feed without ending the session', async () => {
    stubTodos();
    signInAs(testUser());
    const { user, router } = renderTester();
    await submit(user);
    await expectStatus('200', 'OK');
    await user.click(screen.getByRole('link', { name: 'Spotter' }));
    expect(router.state.location.pathname).toBe(paths.home);
    expect(localStorage.getItem('token')).toBeTruthy();
  });
});

describe("the contract's endpoints beside the endpoint box (issue 47)", () => {
  const picker = () => screen.getByLabelText('Contract endpoints') as HTMLSelectElement;
  const method = () => field('Method') as unknown as HTMLSelectElement;
  const endpoint = () => screen.getByPlaceholderText('Enter your endpoint') as HTMLInputElement;

  it('offers every call of the contract by its tag, and asks nothing before one is picked', async () => {
    const calls = stubTodos();
    const { user } = renderTester();
    await user.click(picker());
    const options = [...picker().options].map((option) => option.textContent);
    expect(options[0]).toBe('Pick an endpoint…');
    expect(options.slice(1).sort()).toEqual(allRoutes.map((route) => `${route.method} ${route.path}`).sort());
    const groups = [...picker().querySelectorAll('optgroup')].map((group) => group.label);
    expect(groups).toEqual([...new Set(allRoutes.map((route) => route.tag))]);
    const todos = [...picker().querySelectorAll('optgroup[label="test-todos"] option')].map((o) => o.textContent);
    expect(todos).toEqual(['GET /api/test-todos', 'POST /api/test-todos', 'DELETE /api/test-todos/:todoId']);
    expect(picker().value).toBe('');
    // The spec's defaults are untouched.
    expect(method().value).toBe('GET');
    expect(endpoint().value).toBe('/api/test-todos');
    expect(field('Body (JSON)').value).toBe('{}');
    expect(calls).toEqual([]);
  });

  it('picking one fills the method, the path and an example body from the OpenAPI schema, which Submit sends', async () => {
    const calls = stubTodos();
    const { user } = renderTester();
    await user.click(picker());
    await user.selectOptions(picker(), 'POST /api/test-todos');
    expect(method().value).toBe('POST');
    expect(endpoint().value).toBe('/api/test-todos');
    await waitFor(() => expect(field('Body (JSON)').value).toBe('{\n  "text": "text"\n}'));
    expect(jsonError()).toBeNull();
    expect(picker().value).toBe('');

    await useToken(user);
    await submit(user);
    await expectStatus('201', 'Created');
    const sent = testerCalls(calls).filter((call) => call.path !== openApiPath);
    expect(sent.map((call) => `${call.method} ${call.path} ${JSON.stringify(call.body)}`)).toEqual([
      'POST /api/test-todos {"text":"text"}',
    ]);

    // A call without a body empties the box back to {}; the document is asked once.
    await user.selectOptions(picker(), 'DELETE /api/test-todos/:todoId');
    expect(method().value).toBe('DELETE');
    expect(endpoint().value).toBe('/api/test-todos/:todoId');
    await waitFor(() => expect(field('Body (JSON)').value).toBe('{}'));
    expect(calls.filter((call) => call.path === openApiPath)).toHaveLength(1);
    // The box stays free text.
    await user.clear(endpoint());
    await user.type(endpoint(), '/api/anything');
    expect(endpoint().value).toBe('/api/anything');
  });

  it('without the OpenAPI document the method and path are still filled, with an empty body', async () => {
    stubApi((call) => (call.path === openApiPath ? answer(404, { errors: ['Not found'] }) : undefined));
    const { user } = renderTester();
    await typeBody(user, '[1]');
    await user.click(picker());
    await user.selectOptions(picker(), 'POST /api/test-todos');
    expect(method().value).toBe('POST');
    await waitFor(() => expect(field('Body (JSON)').value).toBe('{}'));
  });
});
