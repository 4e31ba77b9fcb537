import type { Federation } from '@fedify/fedify';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { QueuedDelivery } from './delivery-guard';
import { markFollowsFailing } from './queries/failing-follows';

/** The local people an activity was sent as: the ids in their actor URLs (`/ap/users/<id>`). */
export function senderIdsOf(actorIds: readonly (string | URL)[] | undefined): string[] {
  return (actorIds ?? []).flatMap((id) => {
    const match = /\/ap\/users\/([^/#?]+)$/.exec(typeof id === 'string' ? id : id.pathname);
    return match?.[1] ? [decodeURIComponent(match[1])] : [];
  });
}

/** A delivery dropped after 7 days (delivery-guard.ts): the follows it served are marked failing. */
export const markExpiredDelivery = (db: Db) => async (delivery: QueuedDelivery) => {
  await markFollowsFailing(db, delivery.inbox, senderIdsOf(delivery.actorIds));
};

/**
 * Fedify gives up on its own when a server answers 404 or 410, or when its circuit breaker has held
 * a delivery for 7 days: the follows it served are marked failing then too (decision 096).
 */
export function markFollowsOnPermanentFailure(federation: Federation<AppContext>) {
  federation.setOutboxPermanentFailureHandler(async (ctx, failure) => {
    await markFollowsFailing(ctx.data.db, failure.inbox.href, senderIdsOf(failure.actorIds));
  });
}
