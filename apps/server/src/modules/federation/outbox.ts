import type { Federation } from '@fedify/fedify';
import { Note } from '@fedify/vocab';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { Key } from '../../db/schema';
import { actorPath } from './actors';
import { sendFollowAnswer } from './follow-requests';
import { sendFollow, sendUnfollow } from './following';
import { lookUpPerson } from './lookup';
import { createOf, noteOf } from './notes';
import type { PostOutbox } from './post-outbox';
import { mayDeliverTo } from './public-address';
import { findLocalActor, remoteFollowersOf } from './queries/people';
import { countPublicNotes, findLocalNote, latestPublicNotes } from './queries/posts';

/** How many of a person's latest public posts their outbox shows. */
const outboxLength = 20;

/** Each public local post answers at `/ap/posts/<public id>` as its Note; its outbox lists the latest. */
export function dispatchNotes(federation: Federation<AppContext>) {
  federation.setObjectDispatcher(Note, '/ap/posts/{id}', async (ctx, { id }) => {
    const post = await findLocalNote(ctx.data.db, { publicId: id });
    return post?.visibility === 'public' ? (noteOf(ctx, post) ?? null) : null;
  });
  federation
    .setOutboxDispatcher(`${actorPath}/outbox`, async (ctx, identifier) => {
      const user = await findLocalActor(ctx.data.db, identifier);
      if (!user) return null;
      const posts = await latestPublicNotes(ctx.data.db, user.id, outboxLength);
      return {
        items: posts.flatMap((post) => {
          const note = noteOf(ctx, post);
          return note ? [createOf(ctx, note, post)] : [];
        }),
      };
    })
    .setCounter(async (ctx, identifier) => {
      const user = await findLocalActor(ctx.data.db, identifier);
      return user ? countPublicNotes(ctx.data.db, user.id) : null;
    });
}

/**
 * Sends a new local post to its author's remote followers, through the queue (one delivery per
 * server's shared inbox where it has one). A private post never leaves; neither does a remote one.
 */
export async function sendNewPost(federation: Federation<AppContext>, app: AppContext, origin: string, postId: Key) {
  const post = await findLocalNote(app.db, { id: postId });
  if (!post || post.author_remote || post.visibility === 'private') return;
  const followers = await remoteFollowersOf(app.db, post.author_id);
  if (followers.length === 0) return;
  const ctx = federation.createContext(new URL(origin), app);
  const note = noteOf(ctx, post);
  if (!note) return;
  const allowPrivate = app.config.federation?.allowPrivateAddresses ?? false;
  const recipients = [];
  for (const f of followers) {
    const inbox = f.shared_inbox_url ?? f.inbox_url;
    // Checked again at each delivery: a name may have come to point elsewhere since (SSRF).
    if (!f.actor_uri || !f.inbox_url || !inbox || !(await mayDeliverTo(inbox, allowPrivate))) continue;
    recipients.push({
      id: new URL(f.actor_uri),
      inboxId: new URL(f.inbox_url),
      endpoints: f.shared_inbox_url ? { sharedInbox: new URL(f.shared_inbox_url) } : null,
    });
  }
  if (recipients.length === 0) return;
  await ctx.sendActivity({ identifier: post.author_public_id }, recipients, createOf(ctx, note, post), {
    preferSharedInbox: true,
  });
}

export function postOutbox(
  federation: Federation<AppContext>,
  app: () => AppContext,
  origin: string,
  log: FastifyBaseLogger,
): PostOutbox {
  return {
    postCreated(postId) {
      sendNewPost(federation, app(), origin, postId).catch((error: unknown) =>
        log.warn({ err: error, postId }, 'A new post could not be queued for its remote followers.'),
      );
    },
    followed(followerId, followeePublicId) {
      sendFollow(federation, app(), origin, followerId, followeePublicId).catch((error: unknown) =>
        log.warn({ err: error, followeePublicId }, 'A Follow could not be queued.'),
      );
    },
    unfollowed(followerId, followeePublicId) {
      sendUnfollow(federation, app(), origin, followerId, followeePublicId).catch((error: unknown) =>
        log.warn({ err: error, followeePublicId }, 'An Undo of a Follow could not be queued.'),
      );
    },
    lookUp: (acct) => lookUpPerson(federation, app(), origin, acct),
    followRequestAnswered(answer) {
      sendFollowAnswer(federation, app(), origin, answer).catch((error: unknown) =>
        log.warn({ err: error }, 'The answer to a follow request could not be queued.'),
      );
    },
  };
}
