import './node20';
import { createFederation, type Federation, type KvStore, type MessageQueue } from '@fedify/fedify';
import type { FastifyBaseLogger } from 'fastify';
import type { FederationConfig } from '../../config';
import type { AppContext } from '../../context';
import { dispatchActors } from './actors';
import { markFollowsOnPermanentFailure } from './failing-follows';
import { listenToInboxes } from './inbox';
import { dispatchNotes } from './outbox';
import { localCounts } from './queries/people';
import { circuitRecoveryMsOf, retryPolicyOf } from './retry-policy';
import { spotterVersion } from './version';

export interface FederationParts {
  kv: KvStore;
  /** Received activities (their own queue and listener, decision 107). */
  inbox: MessageQueue;
  /** Deliveries out and their fan-out. */
  outbox: MessageQueue;
}

/**
 * Spotter on Fedify (decision 084): what it publishes (WebFinger through the actors' handles,
 * NodeInfo, actors, notes, follow lists, outboxes) and what its inboxes accept. The queue is started
 * by the caller, once the server is up.
 */
export function buildFederation(
  config: FederationConfig,
  parts: FederationParts,
  log: FastifyBaseLogger,
): Federation<AppContext> {
  const federation = createFederation<AppContext>({
    kv: parts.kv,
    queue: { inbox: parts.inbox, outbox: parts.outbox, fanout: parts.outbox },
    origin: config.origin,
    manuallyStartQueue: true,
    allowPrivateAddress: config.allowPrivateAddresses,
    // Mastodon signs and verifies draft-cavage HTTP Signatures: knock with those first.
    firstKnock: 'draft-cavage-http-signatures-12',
    // Retries with backoff for up to 7 days (decision 096); delivery-guard.ts drops what is older.
    outboxRetryPolicy: retryPolicyOf(config.retryFirstDelayMs),
    circuitBreaker: { recoveryDelay: { milliseconds: circuitRecoveryMsOf(config.retryFirstDelayMs) } },
    userAgent: { software: `Spotter/${spotterVersion}`, url: new URL(config.origin) },
  });
  dispatchActors(federation);
  dispatchNotes(federation);
  listenToInboxes(federation, log);
  markFollowsOnPermanentFailure(federation);
  federation.setNodeInfoDispatcher('/nodeinfo/2.1', async (ctx) => {
    const counts = await localCounts(ctx.data.db);
    return {
      software: { name: 'spotter', version: spotterVersion },
      protocols: ['activitypub'],
      usage: { users: { total: counts.users }, localPosts: counts.posts, localComments: 0 },
      openRegistrations: true,
    };
  });
  return federation;
}
