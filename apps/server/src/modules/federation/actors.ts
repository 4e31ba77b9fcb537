import type { Federation, RequestContext } from '@fedify/fedify';
import { Endpoints, Image, Person, Tombstone } from '@fedify/vocab';
import type { AppContext } from '../../context';
import { erasedActorAt } from '../erasure';
import { mayFetch } from './authorized-fetch';
import { instanceActor, instanceIdentifier, instanceKeyPairs } from './instance-actor';
import { textToHtml } from './notes';
import { keyPairsOf } from './queries/keys';
import { findLocalActor, findLocalActorByUsername, followSide } from './queries/people';
import { Temporal } from './temporal';

/** Where each local person is, as an actor: `/ap/users/<public id>` (a username may change, the id does not). */
export const actorPath = '/ap/users/{identifier}';

/** A profile page in the web app (content negotiation on it answers the actor). */
export const profilePageUrl = (origin: string, username: string) =>
  new URL(`/profilepage/${encodeURIComponent(username)}`, origin);

/**
 * Each local person as a `Person` (issue 49): inbox, outbox, follow lists, the shared inbox, an RSA
 * key (HTTP Signatures) and an Ed25519 key (proofs), icon, summary (the bio) and profile page.
 */
export function dispatchActors(federation: Federation<AppContext>) {
  federation
    .setActorDispatcher(actorPath, async (ctx, identifier) => {
      if (identifier === instanceIdentifier) return instanceActor(ctx);
      const user = await findLocalActor(ctx.data.db, identifier);
      if (!user) return goneActor(ctx, identifier);
      const keys = await ctx.getActorKeyPairs(identifier);
      const name = `${user.firstname} ${user.lastname}`.trim();
      return new Person({
        id: ctx.getActorUri(identifier),
        preferredUsername: user.username,
        name: name || user.username,
        summary: user.bio ? textToHtml(user.bio) : null,
        url: profilePageUrl(ctx.origin, user.username),
        icon: user.avatar_url ? new Image({ url: new URL(user.avatar_url, ctx.origin) }) : null,
        inbox: ctx.getInboxUri(identifier),
        outbox: ctx.getOutboxUri(identifier),
        followers: ctx.getFollowersUri(identifier),
        following: ctx.getFollowingUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        publicKey: keys[0]?.cryptographicKey ?? null,
        assertionMethods: keys.map((key) => key.multikey),
        manuallyApprovesFollowers: user.locked_account === 1,
        discoverable: true,
        published: Temporal.Instant.from(user.created_at),
      });
    })
    .mapHandle(async (ctx, username) => (await findLocalActorByUsername(ctx.data.db, username))?.public_id ?? null)
    .setKeyPairsDispatcher(async (ctx, identifier) => {
      if (identifier === instanceIdentifier) return instanceKeyPairs(ctx.data.db);
      const user = await findLocalActor(ctx.data.db, identifier);
      return user ? keyPairsOf(ctx.data.db, user.id) : [];
    });

  federation
    .setFollowersDispatcher(`${actorPath}/followers`, async (ctx, identifier) => {
      const user = await findLocalActor(ctx.data.db, identifier);
      if (!user) return null;
      const rows = await followSide(ctx.data.db, user.id, 'followers');
      return {
        items: rows.map((row) => ({
          id: row.actor_uri ? new URL(row.actor_uri) : ctx.getActorUri(row.public_id),
          inboxId: row.inbox_url ? new URL(row.inbox_url) : ctx.getInboxUri(row.public_id),
          endpoints: row.shared_inbox_url ? { sharedInbox: new URL(row.shared_inbox_url) } : null,
        })),
      };
    })
    .setCounter(async (ctx, identifier) => {
      const user = await findLocalActor(ctx.data.db, identifier);
      return user ? user.follower_count : null;
    })
    .authorize(mayFetch);
  federation
    .setFollowingDispatcher(`${actorPath}/following`, async (ctx, identifier) => {
      const user = await findLocalActor(ctx.data.db, identifier);
      if (!user) return null;
      const rows = await followSide(ctx.data.db, user.id, 'following');
      return { items: rows.map((row) => (row.actor_uri ? new URL(row.actor_uri) : ctx.getActorUri(row.public_id))) };
    })
    .setCounter(async (ctx, identifier) => {
      const user = await findLocalActor(ctx.data.db, identifier);
      return user ? user.following_count : null;
    })
    .authorize(mayFetch);
}

/**
 * An erased person's actor: a `Tombstone` (Fedify answers it `410 Gone`; Mastodon then removes the
 * account, where a 404 is retried), or null (404) for an id nobody here ever had (decision 110).
 */
async function goneActor(ctx: RequestContext<AppContext>, identifier: string) {
  const erasedAt = await erasedActorAt(ctx.data.db, { publicId: identifier });
  if (erasedAt === undefined) return null;
  return new Tombstone({
    id: ctx.getActorUri(identifier),
    formerType: Person,
    deleted: Temporal.Instant.from(erasedAt),
  });
}
