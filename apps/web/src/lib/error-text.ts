import { ApiError } from './api-client';

/** What a failed call says to the person: the API's messages word for word, else the error itself. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError && error.messages.length > 0) return error.messages.join(' ');
  if (error instanceof TypeError) return 'Network Error';
  return error instanceof Error ? error.message : String(error);
}
