import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendTestRequest, type TesterRequest } from './send-request';

function answerWith(response: Response) {
  const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const request = (overrides: Partial<TesterRequest>): TesterRequest => ({
  method: 'GET',
  endpoint: '/api/test-todos',
  headers: { Accept: '*/*' },
  body: undefined,
  ...overrides,
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('sending a request from the tester', () => {
  it('sends a GET with only the ticked headers and no body, and keeps the whole answer', async () => {
    const fetchMock = answerWith(
      new Response('{"todos":[]}', { status: 200, statusText: 'OK', headers: { 'content-type': 'application/json' } }),
    );
    const outcome = await sendTestRequest(request({ body: { ignored: true } }));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/test-todos');
    expect(init?.method).toBe('GET');
    expect(init?.body).toBeUndefined();
    expect(Object.fromEntries(new Headers(init?.headers).entries())).toEqual({ accept: '*/*' });
    expect(outcome).toEqual({
      response: { status: 200, statusText: 'OK', headers: { 'content-type': 'application/json' }, data: { todos: [] } },
      failure: undefined,
    });
  });

  it('sends the parsed body as JSON on POST and DELETE, as application/json unless a header says otherwise', async () => {
    const fetchMock = answerWith(new Response(null, { status: 204 }));
    await sendTestRequest(request({ method: 'POST', body: { text: 'squat' } }));
    await sendTestRequest(request({ method: 'DELETE', body: {}, headers: { 'Content-Type': 'text/plain' } }));
    const [post, del] = fetchMock.mock.calls.map(([, init]) => init);
    expect(post?.body).toBe('{"text":"squat"}');
    expect(new Headers(post?.headers).get('content-type')).toBe('application/json');
    expect(del?.body).toBe('{}');
    expect(new Headers(del?.headers).get('content-type')).toBe('text/plain');
  });

  it('treats a status outside 200-299 as a failure that still shows its response, logged to the console', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    answerWith(
      new Response('{"errors":["Not found"]}', {
        status: 404,
        statusText: 'Not Found',
        headers: { 'content-type': 'application/json; charset=utf-8' },
      }),
    );
    const outcome = await sendTestRequest(request({}));
    expect(outcome.failure).toBe('Request failed with status code 404');
    expect(outcome.response).toMatchObject({ status: 404, statusText: 'Not Found', data: { errors: ['Not found'] } });
    expect(logged).toHaveBeenCalled();
  });

  it('shows a non-JSON answer as its text', async () => {
    answerWith(new Response('<h1>hi</h1>', { status: 200, headers: { 'content-type': 'text/html' } }));
    expect((await sendTestRequest(request({}))).response?.data).toBe('<h1>hi</h1>');
  });

  it('reports a request that gets no answer as a network error with no response', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    expect(await sendTestRequest(request({}))).toEqual({ response: undefined, failure: 'Network Error' });
  });

  it('refuses a header name the browser cannot send, without sending anything', async () => {
    const fetchMock = answerWith(new Response('{}'));
    const outcome = await sendTestRequest(request({ headers: { 'Bad Header': 'x' } }));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(outcome.response).toBeUndefined();
    expect(outcome.failure).toBeTruthy();
  });
});
