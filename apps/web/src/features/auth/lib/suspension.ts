import type { Suspension } from '@spotter/contract';
import { ApiError } from '../../../lib/api-client';

/**
 * A login refused because the account is suspended (`403 { errors, suspension }`, issue 47): what the
 * server said beside the spec's sentence, or undefined for any other failure.
 */
export function suspensionIn(error: unknown): Suspension | undefined {
  if (!(error instanceof ApiError) || error.status !== 403) return undefined;
  const suspension = (error.body as { suspension?: Suspension } | undefined)?.suspension;
  return suspension && typeof suspension.since === 'string' ? suspension : undefined;
}
