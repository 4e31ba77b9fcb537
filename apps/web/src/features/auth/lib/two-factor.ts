import { ApiError } from '../../../lib/api-client';

/** The server asks for a two-factor code (`401 { errors, twoFactorRequired: true }`): the login's code step. */
export const asksForCode = (error: unknown): error is ApiError =>
  error instanceof ApiError &&
  error.status === 401 &&
  (error.body as { twoFactorRequired?: unknown } | undefined)?.twoFactorRequired === true;
