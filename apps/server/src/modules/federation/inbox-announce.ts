import type { InboxContext } from '@fedify/fedify';
import { type Announce, isActor, Note, type Undo } from '@fedify/vocab';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { Key } from '../../db/schema';
import { notificationsOfAction, publishUnreadCount, retractNotification } from '../notifications';
import { addBoost, removeBoost } from '../posts';
import { keptActors } from './actor-documents';
import { type Target, targetOf } from './inbox-targets';
import { findRemotePerson } from './queries/people';
import { findLocalNote, postVisibilityOf } from './queries/posts';
import { storeRemoteNote } from './remote-note';
import { rememberPerson, visibilityOf } from './remote-person';

/**
 * `Announce` (a boost, issue 49; decision 100) of a public Note by a remote person someone here
 * follows: the Note is stored as its author's post when it is not here yet (a remote Note is read
 * from its own server: Fedify does not trust a copy embedded by another origin), and the boost goes
 * into the booster's followers' Home feeds. A boost of a comment, of a followers-only or private post,
 * or by someone nobody here follows is not taken. The domain block holds as for any delivery (the
 * inbox gate for the booster, `rememberPerson` for the Note's author).
 *
 * A boost of a local person's public post tells its author ("boosted your post"), whoever boosts it
 * (followed here or not), by the rule of who is told (a boost tells as a like does: not someone who
 * blocks the booster, is blocked by them or mutes them); once per booster and post, however often the
 * Announce comes.
 */
export async function onAnnounce(ctx: InboxContext<AppContext>, announce: Announce, log: FastifyBaseLogger) {
  if (!announce.id || !announce.actorId || !announce.objectId) return;
  const db = ctx.data.db;
  const known = await findRemotePerson(db, announce.actorId.href);
  // Someone not stored here has no follower here: unless they boost a post of ours, nothing of theirs
  // is fetched or kept (an Announce from anyone must not make the server fetch and store a profile).
  const followed = known !== undefined && (await hasLocalFollower(ctx, known.id));
  const target = await targetOf(ctx, announce.objectId);
  const ours = await localPublicPost(ctx, announce.objectId, target);
  if (!followed && !ours) return;
  const booster = await announce.getActor(keptActors(ctx));
  if (!booster || !isActor(booster)) return;
  const boosterId = known?.id ?? (await rememberPerson(ctx, booster));
  if (boosterId === undefined) return;
  if (ours) await notifyOfBoost(ctx, boosterId, ours, log);
  if (!followed) return;
  const postId = await boostedPostOf(ctx, announce, target);
  if (postId === undefined) return;
  await addBoost(db, {
    boosterId,
    postId,
    activityUri: announce.id.href,
    createdAt: new Date(announce.published?.toString() ?? Date.now()).toISOString(),
  });
}

/**
 * `Undo(Announce)`: the boost leaves the Home feeds; the post stays (a like, a comment, its author's
 * followers). The author's "boosted your post" entry loses the booster, as an unlike's does.
 */
export async function undoAnnounce(
  ctx: InboxContext<AppContext>,
  undo: Undo,
  announce: Announce,
  log: FastifyBaseLogger,
) {
  // Only the booster may take a boost back (the Undo's actor is the one whose signature was checked).
  if (!undo.actorId || !announce.id || announce.actorId?.href !== undo.actorId.href) return;
  const booster = await findRemotePerson(ctx.data.db, undo.actorId.href);
  if (!booster) return;
  await removeBoost(ctx.data.db, announce.id.href, booster.id);
  const ours = await localPublicPost(ctx, announce.objectId, await targetOf(ctx, announce.objectId));
  if (ours) await retractBoostNotice(ctx, booster.id, ours, log);
}

type LocalPost = { postId: Key; authorId: Key };

/** The boosted Note as a local person's public post here, or undefined. */
async function localPublicPost(
  ctx: InboxContext<AppContext>,
  uri: URL | null,
  target: Target | undefined,
): Promise<LocalPost | undefined> {
  if (!uri || target?.kind !== 'post' || ctx.parseUri(uri)?.type !== 'object') return undefined;
  const note = await findLocalNote(ctx.data.db, { id: target.id });
  return note?.visibility === 'public' ? { postId: note.id, authorId: note.author_id } : undefined;
}

/** The author's boost entry, recorded once per booster and post (a repeated Announce tells nothing new). */
async function notifyOfBoost(ctx: InboxContext<AppContext>, boosterId: Key, post: LocalPost, log: FastifyBaseLogger) {
  const told = notificationsOfAction(ctx.data);
  await ctx.data.db.kysely.transaction().execute(async (trx) => {
    const already = await trx
      .selectFrom('notification_actors')
      .innerJoin('notifications', 'notifications.id', 'notification_actors.notification_id')
      .select('notification_actors.notification_id')
      .where('notification_actors.actor_id', '=', boosterId)
      .where('notifications.post_id', '=', post.postId)
      .where('notifications.type', '=', 'boost')
      .executeTakeFirst();
    if (already) return;
    await told.record(trx, { kind: 'boost', actorId: boosterId, postId: post.postId, postAuthorId: post.authorId });
  });
  await told.publish(log);
}

async function retractBoostNotice(
  ctx: InboxContext<AppContext>,
  boosterId: Key,
  post: LocalPost,
  log: FastifyBaseLogger,
) {
  const db = ctx.data.db;
  const retracted = await db.kysely
    .transaction()
    .execute((trx) => retractNotification(db, trx, { actorId: boosterId, type: 'boost', postId: post.postId }));
  if (retracted) await publishUnreadCount(ctx.data, post.authorId, log);
}

const hasLocalFollower = async (ctx: InboxContext<AppContext>, personId: Key) =>
  (await ctx.data.db.kysely
    .selectFrom('follows')
    .innerJoin('users', 'users.id', 'follows.follower_id')
    .select('follows.follower_id')
    .where('follows.followee_id', '=', personId)
    .where('users.remote', '=', 0)
    .executeTakeFirst()) !== undefined;

/** The boosted post here, public: one of ours, one already stored, or the Note read and stored now. */
async function boostedPostOf(
  ctx: InboxContext<AppContext>,
  announce: Announce,
  target: Target | undefined,
): Promise<Key | undefined> {
  if (target) {
    if (target.kind !== 'post') return undefined;
    return (await postVisibilityOf(ctx.data.db, target.id)) === 'public' ? target.id : undefined;
  }
  // One of ours that is not a post here (gone, or a comment): nothing to fetch.
  if (announce.objectId && ctx.parseUri(announce.objectId)) return undefined;
  const note = await announce.getObject(ctx);
  if (!(note instanceof Note) || !note.id || note.replyTargetId) return undefined;
  // A Note's author is a person of its own server: another server cannot make someone say it.
  if (!note.attributionId || note.attributionId.origin !== note.id.origin) return undefined;
  const author = await note.getAttribution(ctx);
  if (!author || !isActor(author)) return undefined;
  if (visibilityOf(note, author) !== 'public') return undefined;
  return storeRemoteNote(ctx, note, author, 'public', undefined);
}
