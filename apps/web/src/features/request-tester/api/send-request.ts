import { useMutation } from '@tanstack/react-query';

export const testerMethods = ['GET', 'POST', 'DELETE'] as const;
export type TesterMethod = (typeof testerMethods)[number];

export interface TesterRequest {
  method: TesterMethod;
  endpoint: string;
  headers: Record<string, string>;
  /** The parsed JSON body; GET carries none (a browser cannot send one). */
  body: unknown;
}

/** What the response panel shows: the answer's status, status text, headers and data. */
export interface TesterResponse {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  data: unknown;
}

/** A send's outcome: the answer when there is one, and the failure in the HTTP client's words. */
export interface TesterOutcome {
  response: TesterResponse | undefined;
  failure: string | undefined;
}

/**
 * Sends exactly what the form says: only the ticked headers (no session token is added) and the body
 * as JSON. A status outside 200-299 is a failure that still carries its response (SPEC §4, §8);
 * it never throws, so every send ends in an outcome the panel can show.
 */
export async function sendTestRequest(request: TesterRequest, signal?: AbortSignal): Promise<TesterOutcome> {
  let headers: Headers;
  try {
    headers = new Headers(request.headers);
  } catch (error) {
    return { response: undefined, failure: error instanceof Error ? error.message : String(error) };
  }
  const hasBody = request.method !== 'GET' && request.body !== undefined;
  if (hasBody && !headers.has('content-type')) headers.set('content-type', 'application/json');

  let answer: Response;
  try {
    answer = await fetch(request.endpoint, {
      method: request.method,
      headers,
      body: hasBody ? JSON.stringify(request.body) : undefined,
      signal,
    });
  } catch (error) {
    console.error(error);
    const aborted = error instanceof DOMException && error.name === 'AbortError';
    return { response: undefined, failure: aborted ? 'Request aborted' : 'Network Error' };
  }

  const response: TesterResponse = {
    status: answer.status,
    statusText: answer.statusText,
    headers: Object.fromEntries(answer.headers.entries()),
    data: readData(await answer.text(), answer.headers.get('content-type')),
  };
  if (answer.ok) return { response, failure: undefined };
  const failure = `Request failed with status code ${answer.status}`;
  console.error(failure, response);
  return { response, failure };
}

/** JSON answers become a tree; anything else is shown as the text it is. */
function readData(text: string, contentType: string | null): unknown {
  if (!text || !/json/i.test(contentType ?? '')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function useSendTestRequest() {
  return useMutation({ mutationFn: (request: TesterRequest) => sendTestRequest(request) });
}
