import type { Federation } from '@fedify/fedify';
import { Note } from '@fedify/vocab';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { Key } from '../../db/schema';
import { actorPath } from './actors';
import { mayFetch } from './authorized-fetch';
import { sendBlock, sendUnblock } from './blocking';
import { commentNoteOf } from './comment-notes';
import { addresseesOf, deliver, recipientsOf } from './deliveries';
import { sendFollowAnswer } from './follow-requests';
import { sendFollow, sendUnfollow } from './following';
import { lookUpPerson } from './lookup';
import { postNoteOf } from './note-tags';
import { createOf } from './notes';
import { requestFollow, withdrawOurFollowRequest } from './our-follow-requests';
import {
  sendDeletedNote,
  sendEditedComment,
  sendEditedPost,
  sendLike,
  sendNewComment,
  sendUnlike,
} from './outbox-interactions';
import { sendReport } from './outbox-safety';
import { sendPersonDeleted } from './person-deletion';
import type { PostOutbox } from './post-outbox';
import { findLocalComment } from './queries/comments';
import { findLocalActor } from './queries/people';
import { countPublicNotes, findLocalNote, latestPublicNotes } from './queries/posts';
import { withWorkout, withWorkoutCreate } from './workout-note';

/** How many of a person's latest public posts their outbox shows. */
const outboxLength = 20;

/**
 * Each public local post answers at `/ap/posts/<public id>` as its Note, and so does each comment
 * on one (as a reply Note: a comment's public id is never a post's); its outbox lists the latest.
 */
export function dispatchNotes(federation: Federation<AppContext>) {
  federation
    .setObjectDispatcher(Note, '/ap/posts/{id}', async (ctx, { id }) => {
      const post = await findLocalNote(ctx.data.db, { publicId: id });
      if (post) {
        if (post.visibility !== 'public') return null;
        const note = await postNoteOf(ctx, post);
        return note ? withWorkout(ctx, post, note) : null;
      }
      const comment = await findLocalComment(ctx.data.db, { publicId: id });
      return comment?.visibility === 'public' ? ((await commentNoteOf(ctx, comment)) ?? null) : null;
    })
    .authorize(mayFetch);
  federation
    .setOutboxDispatcher(`${actorPath}/outbox`, async (ctx, identifier) => {
      const user = await findLocalActor(ctx.data.db, identifier);
      if (!user) return null;
      const posts = await latestPublicNotes(ctx.data.db, user.id, outboxLength);
      const items = [];
      for (const post of posts) {
        const note = await postNoteOf(ctx, post);
        if (!note) continue;
        const sent = await withWorkout(ctx, post, note);
        items.push(withWorkoutCreate(createOf(ctx, sent, post), sent));
      }
      return { items };
    })
    .setCounter(async (ctx, identifier) => {
      const user = await findLocalActor(ctx.data.db, identifier);
      return user ? countPublicNotes(ctx.data.db, user.id) : null;
    })
    .authorize(mayFetch);
}

/**
 * Sends a new local post to its author's remote followers, through the queue (one delivery per
 * server's shared inbox where it has one). A private post never leaves; neither does a remote one.
 */
export async function sendNewPost(federation: Federation<AppContext>, app: AppContext, origin: string, postId: Key) {
  const post = await findLocalNote(app.db, { id: postId });
  if (!post || post.author_remote || post.visibility === 'private') return;
  const ctx = federation.createContext(new URL(origin), app);
  const plain = await postNoteOf(ctx, post);
  if (!plain) return;
  const recipients = await recipientsOf(app, post.author_id, { followers: true, also: addresseesOf(plain) });
  if (recipients.length === 0) return;
  const note = await withWorkout(ctx, post, plain);
  await deliver(ctx, post.author_public_id, recipients, withWorkoutCreate(createOf(ctx, note, post), note));
}

export function postOutbox(
  federation: Federation<AppContext>,
  app: () => AppContext,
  origin: string,
  log: FastifyBaseLogger,
): PostOutbox {
  const context = () => federation.createContext(new URL(origin), app());
  // The next turn of the event loop, not now: started from a request's handler, the delivery's work
  // (its followers read, its Note built, the fan-out queued) would run in the microtasks between the
  // request's last steps and delay its answer; from a macrotask it runs once the answer is written.
  const queued = (what: string, send: () => Promise<void>) => {
    setImmediate(() => {
      send().catch((error: unknown) => log.warn({ err: error }, `${what} could not be queued for other servers.`));
    });
  };
  return {
    postCreated(postId) {
      queued('A new post', () => sendNewPost(federation, app(), origin, postId));
    },
    followed: (followerId, followeePublicId) =>
      queued('A Follow', () => sendFollow(federation, app(), origin, followerId, followeePublicId)),
    unfollowed: (followerId, followeePublicId) =>
      queued('An Undo of a Follow', () => sendUnfollow(federation, app(), origin, followerId, followeePublicId)),
    followRequested: (followerId, followeePublicId) =>
      requestFollow(federation, app(), origin, followerId, followeePublicId, queued),
    async followRequestWithdrawn(followerId, followeePublicId) {
      const sendUndo = await withdrawOurFollowRequest(federation, app(), origin, followerId, followeePublicId);
      if (sendUndo) queued('An Undo of a Follow request', sendUndo);
      return sendUndo !== undefined;
    },
    blocked: (blockerId, blockedPublicId) =>
      queued('A Block', () => sendBlock(federation, app(), origin, blockerId, blockedPublicId)),
    unblocked: (blockerId, blockedPublicId) =>
      queued('An Undo of a Block', () => sendUnblock(federation, app(), origin, blockerId, blockedPublicId)),
    lookUp: (acct) => lookUpPerson(federation, app(), origin, acct),
    postEdited: (postId) => queued('An edited post', () => sendEditedPost(context(), postId)),
    postDeleted: (post) => queued('A deleted post', () => sendDeletedNote(context(), post)),
    commentCreated: (commentId) => queued('A new comment', () => sendNewComment(context(), commentId)),
    commentEdited: (commentId) => queued('An edited comment', () => sendEditedComment(context(), commentId)),
    commentDeleted: (comment) => queued('A deleted comment', () => sendDeletedNote(context(), comment)),
    liked: (postId, userId) => queued('A like', () => sendLike(context(), postId, userId)),
    unliked: (postId, userId) => queued('A like taken back', () => sendUnlike(context(), postId, userId)),
    personErasing: (userId) =>
      sendPersonDeleted(context(), userId).catch((error: unknown) => {
        log.warn({ err: error }, 'The Delete of an erased person could not be queued for other servers.');
      }),
    followRequestAnswered: (answer) =>
      queued('The answer to a follow request', () => sendFollowAnswer(federation, app(), origin, answer)),
    reported: (reporterId, target, note) => queued('A report', () => sendReport(context(), reporterId, target, note)),
  };
}
