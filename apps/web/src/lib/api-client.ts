import type { ApiErrorBody } from '@spotter/contract';
import { clearSession, getSession } from './session';

/** An answer outside 2xx: `messages` are the API's `{ errors: [...] }`, word for word. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly messages: string[],
  ) {
    super(messages[0] ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'DELETE';
  /** Values of the path's `:name` segments (the contract's paths), encoded. */
  params?: Record<string, string>;
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** Ask for only the changed object (RFC 7240), as Spotter's own client always does. */
  minimal?: boolean;
  signal?: AbortSignal;
}

/** `/api/posts/:postId` with `{ postId }` -> `/api/posts/<postId, URI-encoded>`. */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/:(\w+)/g, (segment, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for ${segment} in ${path}`);
    return encodeURIComponent(value);
  });
}

/**
 * The one fetch wrapper: token header (raw, as SPEC §6 sends it), JSON in and out,
 * `{ errors }` turned into ApiError, and a 401 on a call made with a token ends the session.
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const session = getSession();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (session) headers.authorization = session.token;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.minimal) headers.prefer = 'return=minimal';

  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const filled = fillPath(path, options.params ?? {});
  const url = search.size > 0 ? `${filled}?${search}` : filled;

  const response = await fetch(url, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) {
    if (response.status === 401 && session) clearSession();
    throw new ApiError(response.status, errorMessages(data));
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function errorMessages(data: unknown): string[] {
  const errors = (data as Partial<ApiErrorBody> | undefined)?.errors;
  if (Array.isArray(errors)) return errors.map(String);
  const error = (data as { error?: unknown } | undefined)?.error;
  return typeof error === 'string' ? [error] : [];
}
