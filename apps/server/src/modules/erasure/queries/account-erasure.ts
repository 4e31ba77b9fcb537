import { sql, type Transaction } from 'kysely';
import type { Db } from '../../../db/database';
import type { DatabaseSchema, Key } from '../../../db/schema';
import { postsTaggedByCommentsOf, reindexPostTags } from '../../conversation';
import { shiftFollowCounts } from '../../moderation';
import { aboutPostsBy, aboutRepliesTo, causedBy, removeActorFromEntries, unreadRecipients } from '../../notifications';
import { recordErasedActor } from './erased-actors';

type Trx = Transaction<DatabaseSchema>;

/**
 * Erases an account and everything it made (issue 16, docs/decisions/037-account-erasure.md), in one
 * transaction. Deleting the user row cascades to every row that names it (every foreign key to
 * users is ON DELETE CASCADE, and so are those to posts, comments, workouts and notifications);
 * before that, the counters others see are moved by what goes: like counts of the posts they liked,
 * comment counts of the posts they commented on, follower and following counts of the people on
 * either side of their follows, and the notifications they caused. Answers the storage keys of their
 * uploads, whose files the caller deletes once the rows are gone (the media sweep removes a file
 * that could not be deleted then: no row knows it any more), and the others whose unread count went
 * down (`unreadEntriesGoingWith`). A local person is remembered by digests of their public id and
 * username alone, for their actor to answer 410 Gone (`erased_actors`, decision 110).
 */
export function eraseAccount(db: Db, userId: Key): Promise<{ mediaKeys: string[]; toldOf: Key[] } | undefined> {
  return db.kysely.transaction().execute(async (trx) => {
    const user = await lockUser(trx, db.kind === 'postgres', userId);
    if (!user) return undefined;
    const keys = await trx.selectFrom('media').select('key').where('owner_id', '=', userId).execute();
    const toldOf = await unreadEntriesGoingWith(trx, userId);
    // A suspended person's likes and follows count nowhere already (decision 046).
    if (user.suspended_at === null) {
      await fixLikeCounts(trx, userId);
      await shiftFollowCounts(trx, db.kind === 'postgres', userId, -1);
    }
    await fixCommentCounts(trx, userId);
    const retagged = await postsTaggedByCommentsOf(trx, userId);
    await forgetCausedNotifications(db, trx, userId);
    // Workouts first: their exercises name custom exercises (without a cascade), which the user's row
    // takes along; PostgreSQL checks that reference before the workouts' own cascade has run.
    await trx.deleteFrom('workouts').where('user_id', '=', userId).execute();
    await trx.deleteFrom('users').where('id', '=', userId).execute();
    // A local person's actor and profile URLs answer 410 Gone from now on (decision 110).
    if (user.remote === 0) await recordErasedActor(trx, user);
    // Their comments' hashtags went with the comments; others' posts no longer carry them (finding 10).
    await reindexPostTags(trx, retagged);
    return { mediaKeys: keys.map((row) => row.key), toldOf };
  });
}

/**
 * On PostgreSQL the user row is locked first: a like, follow or comment by them inserts a row that
 * references it (a KEY SHARE lock), so none can start while their counters are moved, and none
 * started earlier is missed (this waits for it). Likes and comments take that KEY SHARE lock as
 * their first step (accounts' lockPeople), before the post: the order this takes, people then posts
 * then comments (decision 068), so neither waits for a row the other holds. SQLite runs one write
 * transaction at a time.
 */
async function lockUser(trx: Trx, postgres: boolean, userId: Key) {
  const query = trx
    .selectFrom('users')
    .select(['id', 'suspended_at', 'remote', 'public_id', 'username_key'])
    .where('id', '=', userId);
  return (postgres ? query.forUpdate() : query).executeTakeFirst();
}

/** Their likes on others' posts go: each such post's like count drops by one (dislikes count nothing). */
async function fixLikeCounts(trx: Trx, userId: Key) {
  await trx
    .updateTable('posts')
    .set((eb) => ({ like_count: eb('like_count', '-', 1) }))
    .where('author_id', '<>', userId)
    .where('id', 'in', (eb) => eb.selectFrom('likes').select('post_id').where('user_id', '=', userId))
    .execute();
}

/**
 * Their comments on others' posts go, and with them every reply to those comments (the cascade of
 * comments.parent_id), whoever wrote it: each post's comment count drops by as many as it loses of
 * those it counted (not removed, the author not suspended: decision 046).
 */
async function fixCommentCounts(trx: Trx, userId: Key) {
  await trx
    .updateTable('posts')
    .set({
      comment_count: sql<number>`comment_count - (
        select count(*) from comments c
        where c.post_id = posts.id
          and (c.author_id = ${userId} or c.parent_id in (select id from comments where author_id = ${userId}))
          and c.removed_at is null
          and not exists (select 1 from users cu where cu.id = c.author_id and cu.suspended_at is not null))`,
    })
    .where('author_id', '<>', userId)
    .where('id', 'in', (eb) => eb.selectFrom('comments').select('post_id').where('author_id', '=', userId))
    .execute();
}

/**
 * What others were told of them goes: an entry they alone caused (a follow, a like, a mention) is
 * deleted; a grouped one ("A and 2 others liked your post") loses them and its count shrinks.
 * Entries about their posts and comments go by cascade with those.
 */
async function forgetCausedNotifications(db: Db, trx: Trx, userId: Key) {
  const caused = (
    await trx.selectFrom('notification_actors').select('notification_id').where('actor_id', '=', userId).execute()
  ).map((row) => row.notification_id);
  await removeActorFromEntries(db, trx, userId, caused);
}

/**
 * The others whose unread entries an erasure takes or shrinks: those the person is an actor of (a
 * like, a follow, a comment, a mention), and by cascade those about their posts and about the replies
 * to their comments (others' replies go with the comment they answer). Read before anything goes.
 */
async function unreadEntriesGoingWith(trx: Trx, userId: Key): Promise<Key[]> {
  const people = await unreadRecipients(trx, [causedBy(userId), aboutPostsBy(userId), aboutRepliesTo(userId)]);
  return people.filter((person) => person !== userId);
}
