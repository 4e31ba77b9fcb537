import { routes } from '@spotter/contract';
import { ApiError, call } from '../../../lib/api-client';
import type { OutboxEntry } from './outbox-store';
import type { SendResult } from './outbox-sync';

/** A failure the server may not give next time: no network, a 5xx, a timeout or a rate limit. */
export function isPassing(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status >= 500 || error.status === 408 || error.status === 429;
}

/**
 * One try of a waiting workout: the workout under its key, then its post under a key of its own.
 * A workout stored by an earlier try whose answer was lost is answered again, not stored twice; its
 * post likewise.
 */
export async function sendQueuedWorkout(entry: OutboxEntry): Promise<SendResult> {
  try {
    const { workout } = await call(routes.createWorkout, {
      body: { workout: entry.workout },
      idempotencyKey: entry.key,
    });
    if (entry.share) {
      const { image } = entry.share;
      const photo = image ? { image: image.url, mediaType: 'image' as const, alt: image.alt.trim() || null } : {};
      await call(routes.createPost, {
        body: { postData: { content: entry.share.content, workoutId: workout._id, ...photo } },
        idempotencyKey: `${entry.key}.post`,
      });
    }
    return { kind: 'stored' };
  } catch (error) {
    if (isPassing(error)) return { kind: 'unreachable' };
    return { kind: 'refused', reason: error instanceof Error ? error.message : String(error) };
  }
}
