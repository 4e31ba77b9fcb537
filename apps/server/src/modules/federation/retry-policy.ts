import type { RetryPolicy } from '@fedify/fedify';
import { Temporal } from './temporal';

/** A delivery not made in this long is dropped, and the follows it served are marked failing (decision 096). */
export const deliveryGiveUpMs = 7 * 24 * 3_600_000;

/** The first retry's wait unless FEDERATION_RETRY_FIRST_DELAY_MS says otherwise. */
export const defaultFirstRetryMs = 60_000;
const longestDelayMs = 12 * 3_600_000;

/**
 * The outbox's retry policy (decision 096): a minute (`firstDelayMs`), then doubling up to 12 hours,
 * for as long as the 7 days last; the last retry is due at the 7-day mark, never past it. It never
 * gives up itself (null): the delivery guard drops a message due past 7 days and marks the follows it
 * served (delivery-guard.ts), which Fedify's giving up would not tell anyone of.
 */
export const retryPolicyOf =
  (firstDelayMs = defaultFirstRetryMs): RetryPolicy =>
  ({ elapsedTime, attempts }) => {
    const elapsedMs = Math.max(0, elapsedTime.total({ unit: 'millisecond' }));
    const backoffMs = Math.min(longestDelayMs, firstDelayMs * 2 ** Math.min(attempts, 20));
    const leftMs = Math.max(0, deliveryGiveUpMs - elapsedMs);
    return Temporal.Duration.from({ milliseconds: Math.round(Math.min(backoffMs, leftMs)) });
  };

export const outboxRetryPolicy: RetryPolicy = retryPolicyOf();

/**
 * How long Fedify's circuit breaker holds every delivery to a server that failed 5 times in 10
 * minutes before it probes again: 30 first waits, Fedify's own 30 minutes at the default first wait.
 * Scaled with it so that a shorter first wait (a test's, FEDERATION_RETRY_FIRST_DELAY_MS) is not
 * held for half an hour by failures its quick retries piled up.
 */
export const circuitRecoveryMsOf = (firstDelayMs = defaultFirstRetryMs) => 30 * firstDelayMs;

/** Whether a delivery first queued at `started` is past its 7 days at `now` (milliseconds since the epoch). */
export function deliveryExpired(started: string | undefined, now: number): boolean {
  if (!started) return false;
  const at = Date.parse(started);
  return Number.isFinite(at) && now - at >= deliveryGiveUpMs;
}
