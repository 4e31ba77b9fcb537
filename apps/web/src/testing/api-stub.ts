import type { Route } from '@spotter/contract';
import { vi } from 'vitest';
import { jsonResponse } from './render';

/** One request the screen sent, as the server would read it. */
export interface SentCall {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  /** The JSON body, parsed; a body that is not JSON as its text. */
  body: unknown;
}

/** The server's answer to a call; undefined answers 404 `{ errors: ['Not found'] }`. */
export type Answer = (call: SentCall) => Response | undefined | Promise<Response | undefined>;

function parse(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Stands in for the server: every fetch the screen makes is recorded (the returned list) and answered
 * by `answer`. Undo with `vi.unstubAllGlobals()`.
 */
export function stubApi(answer: Answer): SentCall[] {
  const calls: SentCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const call: SentCall = {
        method: init.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: new Headers(init.headers),
        body: parse(typeof init.body === 'string' ? init.body : undefined),
      };
      calls.push(call);
      return (await answer(call)) ?? jsonResponse(404, { errors: ['Not found'] });
    }),
  );
  return calls;
}

/** Whether `call` is a call of `route` (its method, and its path with any values in the `:params`). */
export function isCall(call: Pick<SentCall, 'method' | 'path'>, route: Route): boolean {
  const pattern = new RegExp(`^${route.path.replace(/:\w+/g, '[^/]+')}$`);
  return call.method === route.method && pattern.test(call.path);
}
