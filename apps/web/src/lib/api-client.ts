import {
  type ApiErrorBody,
  type ClientAnswer,
  type InternalErrorBody,
  isSignedOutReason,
  type Route,
  type RouteBody,
  type RouteName,
  type RouteParams,
  type RouteQuery,
  type routes,
  type SignedOutReason,
} from '@spotter/contract';
import { offlineCopyHeader } from '../service-worker/cache-rules';
import { markServerReached, markServerUnreachable } from './reachability';
import { clearSession, getSession } from './session';

/**
 * An answer outside 2xx: `messages` are the API's `{ errors: [...] }`, word for word; `body` is the
 * whole answer, for the fields some carry beside them (a login's `twoFactorRequired`).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly messages: string[],
    readonly body?: unknown,
  ) {
    super(messages[0] ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
  }
}

/** The caller gave up on the call (its AbortSignal fired): nothing to report. */
export const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

type RouteOf<K extends RouteName> = (typeof routes)[K];

/** Spotter's client always pages: a route that pages only on request is called with a `limit`. */
type ClientQuery<K extends RouteName> =
  RouteOf<K> extends { paging: 'optional' } ? RouteQuery<K> & { limit: number } : RouteQuery<K>;

/** What a call sends, as the route's schemas say: path values, query, and a JSON body or a file. */
export type CallOptions<K extends RouteName> = (RouteParams<K> extends undefined
  ? { params?: undefined }
  : { params: RouteParams<K> }) &
  (RouteQuery<K> extends undefined ? { query?: undefined } : { query: ClientQuery<K> }) &
  (RouteOf<K> extends { fileField: string }
    ? { file: File; onProgress?: (fraction: number) => void }
    : RouteBody<K> extends undefined
      ? { body?: undefined }
      : { body: RouteBody<K> }) & {
    signal?: AbortSignal;
    /** Sent as the Idempotency-Key header: a retry with the same key is answered, not done twice. */
    idempotencyKey?: string;
  };

/** `/api/posts/:postId` with `{ postId }` -> `/api/posts/<postId, URI-encoded>`. */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/:(\w+)/g, (segment, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for ${segment} in ${path}`);
    return encodeURIComponent(value);
  });
}

interface Wire {
  url: string;
  method: Route['method'];
  headers: Record<string, string>;
  options: {
    body?: unknown;
    file?: File;
    onProgress?: (fraction: number) => void;
    signal?: AbortSignal;
    idempotencyKey?: string;
  };
  fileField?: string;
}

/** JSON over fetch. */
async function sendJson({ url, method, headers, options }: Wire) {
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.idempotencyKey !== undefined) headers['idempotency-key'] = options.idempotencyKey;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (!isAbort(error)) markServerUnreachable();
    throw error;
  }
  // The service worker's copy (or its "not saved on this device" answer) means the server was not reached.
  if (response.headers.get(offlineCopyHeader)) markServerUnreachable();
  else markServerReached();
  return { status: response.status, text: await response.text() };
}

/** A file as multipart/form-data over XMLHttpRequest, because fetch reports no upload progress. */
function sendFile({ url, method, headers, options, fileField = 'file' }: Wire) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const { file, onProgress, signal } = options;
    const abort = () => xhr.abort();
    xhr.open(method, url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onloadend = () => signal?.removeEventListener('abort', abort);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) onProgress?.(1);
      resolve({ status: xhr.status, text: xhr.responseText });
    };
    xhr.onerror = () => reject(new Error('Network Error'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    if (signal?.aborted) return xhr.abort();
    signal?.addEventListener('abort', abort);
    const form = new FormData();
    if (file) form.append(fileField, file, file.name);
    xhr.send(form);
  });
}

/**
 * The one way the web app calls the API: `call(routes.likePost, { params: { postId } })`. The route
 * table gives the method and path; its schemas type the params, query, body and the answer. The token
 * goes in the header (raw, as SPEC §6 sends it); a route with a minimal answer is asked for it; a
 * route taking a file sends it with progress; `{ errors }` becomes an ApiError; a 401 on a call made
 * with a token ends the session.
 */
export async function call<R extends Route>(
  route: R,
  ...[options]: object extends CallOptions<R['name']> ? [CallOptions<R['name']>?] : [CallOptions<R['name']>]
): Promise<ClientAnswer<R['name']>> {
  const given = (options ?? {}) as Wire['options'] & { params?: Record<string, string>; query?: object };
  const session = getSession();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (session) headers.authorization = session.token;
  if (route.minimal) headers.prefer = 'return=minimal';

  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(given.query ?? {})) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const path = fillPath(route.path, given.params ?? {});
  const wire: Wire = {
    url: search.size > 0 ? `${path}?${search}` : path,
    method: route.method,
    headers,
    options: given,
    ...(route.fileField ? { fileField: route.fileField } : {}),
  };

  const { status, text } = await (route.fileField ? sendFile(wire) : sendJson(wire));
  const data: unknown = text ? safeJson(text) : undefined;
  if (status < 200 || status >= 300) {
    if (status === 401 && session) clearSession(reasonOf(data));
    throw new ApiError(status, errorMessages(data), data);
  }
  return data as ClientAnswer<R['name']>;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Why a 401 ended the session, when the server said (issue 47, item 3). */
function reasonOf(data: unknown): SignedOutReason | undefined {
  const reason = (data as { reason?: unknown } | undefined)?.reason;
  return isSignedOutReason(reason) ? reason : undefined;
}

/** A 4xx's `errors`, or a 500's single `error` (SPEC §8). */
function errorMessages(data: unknown): string[] {
  const errors = (data as Partial<ApiErrorBody> | undefined)?.errors;
  if (Array.isArray(errors)) return errors.map(String);
  const error = (data as Partial<InternalErrorBody> | undefined)?.error;
  return typeof error === 'string' ? [error] : [];
}

/**
 * A call whose answer is a file (a route with an `answerType`: the workouts CSV, the account's ZIP):
 * its bytes and the name the server gave it (Content-Disposition), for the browser to save. Errors
 * and a 401 are handled as `call` handles them.
 */
export async function download(
  route: Route & { answerType: string; params?: never },
  signal?: AbortSignal,
): Promise<{ blob: Blob; fileName: string | undefined }> {
  const session = getSession();
  const headers: Record<string, string> = { accept: `${route.answerType}, application/json` };
  if (session) headers.authorization = session.token;
  const response = await fetch(route.path, { method: route.method, headers, signal });
  if (!response.ok) {
    const text = await response.text();
    const data = text ? safeJson(text) : undefined;
    if (response.status === 401 && session) clearSession(reasonOf(data));
    throw new ApiError(response.status, errorMessages(data));
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  return { blob: await response.blob(), fileName: /filename="([^"]+)"/.exec(disposition)?.[1] };
}

/** Hands a file to the browser to save, as a link with `download` would. */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL is not needed once it has read the blob.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
