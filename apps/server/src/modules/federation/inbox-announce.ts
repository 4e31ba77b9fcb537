import type { InboxContext } from '@fedify/fedify';
import { type Announce, isActor, Note, type Undo } from '@fedify/vocab';
import type { AppContext } from '../../context';
import type { Key } from '../../db/schema';
import { addBoost, removeBoost } from '../posts';
import { targetOf } from './inbox-targets';
import { findRemotePerson } from './queries/people';
import { postVisibilityOf } from './queries/posts';
import { storeRemoteNote } from './remote-note';
import { rememberPerson, visibilityOf } from './remote-person';

/**
 * `Announce` (a boost, issue 49; decision 100) of a public Note by a remote person someone here
 * follows: the Note is stored as its author's post when it is not here yet (a remote Note is read
 * from its own server: Fedify does not trust a copy embedded by another origin), and the boost goes
 * into the booster's followers' Home feeds. A boost of a comment, of a followers-only or private post,
 * or by someone nobody here follows is not taken. The domain block holds as for any delivery (the
 * inbox gate for the booster, `rememberPerson` for the Note's author).
 */
export async function onAnnounce(ctx: InboxContext<AppContext>, announce: Announce) {
  if (!announce.id || !announce.actorId || !announce.objectId) return;
  const db = ctx.data.db;
  const known = await findRemotePerson(db, announce.actorId.href);
  if (known && !(await hasLocalFollower(ctx, known.id))) return;
  const booster = await announce.getActor(ctx);
  if (!booster || !isActor(booster)) return;
  const boosterId = known?.id ?? (await rememberPerson(ctx, booster));
  if (boosterId === undefined || !(await hasLocalFollower(ctx, boosterId))) return;
  const postId = await boostedPostOf(ctx, announce);
  if (postId === undefined) return;
  await addBoost(db, {
    boosterId,
    postId,
    activityUri: announce.id.href,
    createdAt: new Date(announce.published?.toString() ?? Date.now()).toISOString(),
  });
}

/** `Undo(Announce)`: the boost leaves the Home feeds; the post stays (a like, a comment, its author's followers). */
export async function undoAnnounce(ctx: InboxContext<AppContext>, undo: Undo, announce: Announce) {
  // Only the booster may take a boost back (the Undo's actor is the one whose signature was checked).
  if (!undo.actorId || !announce.id || announce.actorId?.href !== undo.actorId.href) return;
  const booster = await findRemotePerson(ctx.data.db, undo.actorId.href);
  if (booster) await removeBoost(ctx.data.db, announce.id.href, booster.id);
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
async function boostedPostOf(ctx: InboxContext<AppContext>, announce: Announce): Promise<Key | undefined> {
  const target = await targetOf(ctx, announce.objectId);
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
