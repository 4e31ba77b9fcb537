import { findHashtags, findMentions, mentionNotifyMax } from '@spotter/contract';
import { sql, type Transaction } from 'kysely';
import type { DatabaseSchema, Key } from '../db/schema';
import type { NotificationsTable } from '../db/schema/conversation';
import { seedTime } from './clock';
import { seedComments } from './conversation-data';
import { seedFollows, seedPosts, seedUsers } from './data';
import { seedId } from './seed-id';

const after = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000).toISOString();

interface SeedNotification {
  recipient: string;
  type: NotificationsTable['type'];
  post?: string;
  comment?: string;
  group?: string;
  /** Actors by user key with the time each acted, oldest first. */
  actors: [string, string][];
}

/** What the live server would have recorded for the seed's likes, follows, comments and mentions. */
function seedNotifications(): SeedNotification[] {
  const out: SeedNotification[] = [];
  for (const p of seedPosts) {
    const likers = p.likedBy.filter((u) => u !== p.author);
    if (likers.length > 0) {
      out.push({
        recipient: p.author,
        type: 'like',
        post: p.key,
        group: `like:${p.key}`,
        actors: likers.map((u, i) => [u, after(p.createdAt, 60 * (i + 1))]),
      });
    }
  }
  const byFollowee = new Map<string, [string, string][]>();
  seedFollows.forEach(([follower, followee], i) => {
    byFollowee.set(followee, [
      ...(byFollowee.get(followee) ?? []),
      [follower, after(seedTime('2026-07-20T10:00:00.000Z'), 90 * i)],
    ]);
  });
  for (const [followee, actors] of byFollowee) {
    out.push({ recipient: followee, type: 'follow', group: 'follow', actors });
  }
  const userByName = new Map(seedUsers.map((u) => [u.username.toLowerCase(), u.key]));
  for (const c of seedComments) {
    const post = seedPosts.find((p) => p.key === c.post);
    if (!post) continue;
    const at = after(post.createdAt, c.after);
    const parent = c.replyTo ? seedComments.find((x) => x.key === c.replyTo) : undefined;
    const told = new Set([c.author]);
    const tell = (recipient: string, type: SeedNotification['type']) => {
      if (told.has(recipient)) return;
      told.add(recipient);
      out.push({ recipient, type, post: c.post, comment: c.key, actors: [[c.author, at]] });
    };
    if (parent) tell(parent.author, 'reply');
    tell(post.author, 'comment');
    const mentioned = findMentions(c.content).flatMap((name) => userByName.get(name) ?? []);
    for (const key of mentioned.slice(0, mentionNotifyMax)) tell(key, 'mention');
  }
  return out;
}

/** The conversation of the demo network: post hashtags, comments, replies and notifications. */
export async function insertConversation(
  trx: Transaction<DatabaseSchema>,
  user: (key: string) => Key,
  post: (key: string) => Key,
): Promise<void> {
  const tags = seedPosts.flatMap((p) =>
    findHashtags(p.content).map((tag) => ({ tag, post_id: post(p.key), created_at: p.createdAt })),
  );
  if (tags.length) await trx.insertInto('post_tags').values(tags).execute();

  const commentKeys = new Map<string, Key>();
  for (const c of seedComments) {
    const seedPost = seedPosts.find((p) => p.key === c.post);
    if (!seedPost) throw new Error(`the seed comments on ${c.post}, which it does not have`);
    const at = after(seedPost.createdAt, c.after);
    const parent = c.replyTo ? seedComments.find((x) => x.key === c.replyTo) : undefined;
    const publicId = seedId(`comment:${c.key}`);
    const { id } = await trx
      .insertInto('comments')
      .values({
        public_id: publicId,
        post_id: post(c.post),
        author_id: user(c.author),
        parent_id: parent ? (commentKeys.get(parent.key) ?? null) : null,
        thread_at: parent ? after(seedPost.createdAt, parent.after) : at,
        thread_public_id: parent ? seedId(`comment:${parent.key}`) : publicId,
        content: c.content,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    commentKeys.set(c.key, id);
    // A comment's hashtags file its post under them too (decision 039).
    const commentTags = findHashtags(c.content);
    if (commentTags.length) {
      await trx
        .insertInto('comment_tags')
        .values(commentTags.map((tag) => ({ comment_id: id, tag, post_id: post(c.post) })))
        .execute();
      await trx
        .insertInto('post_tags')
        .values(commentTags.map((tag) => ({ tag, post_id: post(c.post), created_at: seedPost.createdAt })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  }
  await sql`update posts set comment_count = (select count(*) from comments where comments.post_id = posts.id)`.execute(
    trx,
  );

  for (const n of seedNotifications()) {
    const latest = n.actors[n.actors.length - 1]?.[1] ?? new Date(0).toISOString();
    const { id } = await trx
      .insertInto('notifications')
      .values({
        public_id: seedId(`notification:${n.recipient}:${n.type}:${n.post ?? ''}:${n.comment ?? ''}`),
        recipient_id: user(n.recipient),
        type: n.type,
        post_id: n.post ? post(n.post) : null,
        comment_id: n.comment ? (commentKeys.get(n.comment) ?? null) : null,
        group_key: n.group ? (n.type === 'like' && n.post ? `like:${post(n.post)}` : n.group) : null,
        // Its actors, inserted next, count themselves in (migration 077's trigger).
        actor_count: 0,
        is_read: 0,
        created_at: latest,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('notification_actors')
      .values(n.actors.map(([actor, at]) => ({ notification_id: id, actor_id: user(actor), created_at: at })))
      .execute();
  }
}
