import crypto from 'node:crypto';
import {
  excerptLength,
  excerptOf,
  type Notification,
  type NotificationKind,
  type NotificationType,
  notificationActorsShown,
  notificationKindTypes,
  notificationTypes,
} from '@spotter/contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import { chunks } from '../../../db/chunks';
import type { Db } from '../../../db/database';
import { genericPlansReader } from '../../../db/generic-plans';
import { listArgs, oneOf, prepared } from '../../../db/prepared';
import type { DatabaseSchema, Key } from '../../../db/schema';
import { isoOf, nowIso, toApiTimestamp } from '../../../db/time';
import type { Keyset } from '../../../paging/cursor';
import { comesAfter } from '../../../paging/keyset';
import { type SummaryRow, toUserSummary } from '../../accounts';
import {
  actorVisibleTo,
  blockedEitherWay,
  commentVisibleTo,
  hiddenActorsOf,
  mutedBy,
  postVisibleTo,
  recipientOf,
} from '../../safety';
import { type Action, mayBeTold, type NewNotification, whoIsTold } from '../who-is-told';

/** Likes of one post gather in one entry while it is unread, and so do its boosts; so do follows. Others stand alone. */
function groupKeyOf(n: NewNotification): string | null {
  if ((n.type === 'like' || n.type === 'boost') && n.postId !== undefined) return `${n.type}:${n.postId}`;
  if (n.type === 'follow') return 'follow';
  return null;
}

/**
 * Records, inside the caller's transaction (a like's, a comment's, a post's), an entry the rule
 * (who-is-told.ts) decided on; answers its key. A groupable entry joins the open (unread) group: the
 * unique index on (recipient_id, group_key) makes two concurrent likes meet in one row. Its
 * statements are compiled once (db/prepared.ts): building them was most of a like's JavaScript.
 */
async function addNotificationIn(db: Db, trx: Transaction<DatabaseSchema>, n: NewNotification): Promise<Key> {
  const group = groupKeyOf(n);
  const at = nowIso();
  const [entry] = await insertEntry(
    db,
    group ? 'grouped' : 'alone',
    {
      publicId: crypto.randomUUID(),
      recipient: n.recipientId,
      type: n.type,
      post: n.postId ?? null,
      comment: n.commentId ?? null,
      group,
      at,
    },
    trx,
  );
  if (!entry) throw new Error('notification not inserted');
  // The actor's row counts itself into the entry (migration 077's trigger); one already in the group
  // (a like given again) only moves its time.
  await insertActor(db, 'actor', { id: entry.id, actor: n.actorId, at }, trx);
  return entry.id;
}

/** What became of a notification recorded inside an action's transaction. */
export type Recorded = { notificationId: Key | undefined; notificationError?: unknown };

/**
 * addNotificationIn under a savepoint of the action's transaction (a like's, a comment's, a follow's):
 * one commit for the action and its notifications, and a failure to record one undoes its own writes
 * only, never the action (PostgreSQL would abort the whole transaction otherwise). The error is
 * answered, for the caller to log after the commit (modules/notifications/notify.ts, publishRecorded).
 */
export async function recordNotificationIn(
  db: Db,
  trx: Transaction<DatabaseSchema>,
  n: NewNotification,
): Promise<Recorded> {
  await savepoint(db, 'savepoint', {}, trx);
  try {
    const notificationId = await addNotificationIn(db, trx, n);
    await release(db, 'release', {}, trx);
    return { notificationId };
  } catch (notificationError) {
    await rollbackTo(db, 'rollback', {}, trx);
    return { notificationId: undefined, notificationError };
  }
}

const savepoint = prepared(() => sql`savepoint notification`);
const release = prepared(() => sql`release savepoint notification`);
const rollbackTo = prepared(() => sql`rollback to savepoint notification`);

/**
 * The notifications of an action, recorded in its transaction: who is told is the rule's
 * (who-is-told.ts), from what this reads first: for an edit that mentions people, who its earlier
 * versions told (`mentionedAlready`); of the people it would tell, who blocks the actor, is blocked
 * by them or mutes them (one statement). Each entry under its own savepoint (`recordNotificationIn`).
 */
export async function recordActionIn(
  db: Db,
  trx: Transaction<DatabaseSchema>,
  action: Action,
): Promise<{ recipientId: Key; outcome: Recorded }[]> {
  const toldOfMentions = await toldOfMentionsBefore(db, trx, action);
  const candidates = mayBeTold(action, toldOfMentions);
  if (candidates.length === 0) return [];
  const silenced = await silencedAmong(db, trx, action.actorId, candidates);
  const recorded: { recipientId: Key; outcome: Recorded }[] = [];
  for (const n of whoIsTold(action, { silenced, toldOfMentions })) {
    recorded.push({ recipientId: n.recipientId, outcome: await recordNotificationIn(db, trx, n) });
  }
  return recorded;
}

/** An edit's earlier mentions, asked only when its text mentions someone; a new text has told no one. */
async function toldOfMentionsBefore(db: Db, trx: Transaction<DatabaseSchema>, action: Action): Promise<Set<Key>> {
  if (action.kind === 'post-edit' && action.mentioned.length > 0) {
    return mentionedAlready(db, { postId: action.postId, commentId: null }, trx);
  }
  if (action.kind === 'comment-edit' && action.mentioned.length > 0) {
    return mentionedAlready(db, { postId: action.postId, commentId: action.commentId }, trx);
  }
  return new Set();
}

/** Of `people`, those on either side of a block with the actor, or who mute the actor: one statement. */
async function silencedAmong(
  db: Db,
  trx: Transaction<DatabaseSchema>,
  actorId: Key,
  people: readonly Key[],
): Promise<Set<Key>> {
  const rows = await silencedQuery(db, String(people.length), { actor: actorId, ...listArgs('person', people) }, trx);
  return new Set(rows.map((row) => row.id));
}

const silencedQuery = prepared((db: Db, args: Record<string, unknown>, count: string) =>
  db.kysely
    .selectFrom('users as person')
    .innerJoin('users as actor', (join) => join.on('actor.id', '=', args.actor as Key))
    .select('person.id')
    .where(oneOf(db, 'person.id', args, 'person', Number(count)))
    .where((eb) =>
      eb.or([blockedEitherWay(args.actor as Key, 'person.id'), mutedBy(sql.ref('person.id'), 'actor.id')]),
    ),
);

type EntryArgs = {
  publicId: string;
  recipient: Key;
  type: NotificationType;
  post: Key | null;
  comment: Key | null;
  group: string | null;
  at: string;
};

const insertEntry = prepared((db: Db, args: EntryArgs, shape: 'grouped' | 'alone') => {
  const insert = db.kysely.insertInto('notifications').values({
    public_id: args.publicId,
    recipient_id: args.recipient,
    type: args.type,
    post_id: args.post,
    comment_id: args.comment,
    group_key: args.group,
    actor_count: 0,
    is_read: 0,
    created_at: args.at,
  });
  return (
    shape === 'grouped'
      ? insert.onConflict((oc) =>
          oc
            .columns(['recipient_id', 'group_key'])
            .doUpdateSet((eb) => ({ created_at: eb.ref('excluded.created_at') })),
        )
      : insert
  ).returning('id');
});

const insertActor = prepared((db: Db, args: { id: Key; actor: Key; at: string }) =>
  db.kysely
    .insertInto('notification_actors')
    .values({ notification_id: args.id, actor_id: args.actor, created_at: args.at })
    .onConflict((oc) => oc.columns(['notification_id', 'actor_id']).doUpdateSet({ created_at: args.at })),
);

/**
 * Tells a reporter what became of their report (`report`), or an author that the moderators removed
 * their post or comment (`content_removed`, issue 47): an entry of its own, with no actor.
 */
export async function addReportNotification(
  db: Db,
  recipientId: Key,
  reportId: Key,
  type: 'report' | 'content_removed' = 'report',
): Promise<Key> {
  const row = await db.kysely
    .insertInto('notifications')
    .values({
      public_id: crypto.randomUUID(),
      recipient_id: recipientId,
      type,
      report_id: reportId,
      group_key: null,
      actor_count: 0,
      is_read: 0,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Who was already told of a mention in this post's own text (`commentId` null) or in this comment:
 * the recipients of its `mention` entries, whatever versions of the text named them. An edit weighs its
 * mentions against them (modules/conversation/mentions.ts): mentionNotifyMax holds for the post or comment as a
 * whole. One statement through notifications_comment (a comment) or notifications_post (a post's
 * entries, those of its comments among them). Inside the edit's transaction, after the edit's own
 * update: on PostgreSQL that row's lock makes a second edit of the same text wait for the first's
 * commit, so the two never both count the same free places.
 */
export async function mentionedAlready(
  db: Db,
  about: { postId: Key; commentId: Key | null },
  on: Kysely<DatabaseSchema>,
): Promise<Set<Key>> {
  const rows = await (about.commentId === null
    ? postMentionedQuery(db, 'post', { post: about.postId }, on)
    : commentMentionedQuery(db, 'comment', { comment: about.commentId }, on));
  return new Set(rows.map((row) => row.recipient_id));
}

const postMentionedQuery = prepared((db: Db, args: { post: Key }) =>
  db.kysely
    .selectFrom('notifications')
    .select('recipient_id')
    .where('post_id', '=', args.post)
    .where('comment_id', 'is', null)
    .where('type', '=', 'mention'),
);

const commentMentionedQuery = prepared((db: Db, args: { comment: Key }) =>
  db.kysely
    .selectFrom('notifications')
    .select('recipient_id')
    .where('comment_id', '=', args.comment)
    .where('type', '=', 'mention'),
);

/**
 * How many of an entry's actors its recipient may not see (`actorVisibleTo` refuses them): the
 * recipient's hidden people (a handful) probed against the entry's actors' primary key. With the
 * stored, exact `actor_count` (migration 070), the actors shown are the difference: no test of every
 * actor of a large group (decision 041). The set is the statement's `hidden_people` (`withHidden`):
 * the entries statement asks this twice per row (to filter, then to count), and written inline the
 * set was worked out once for each.
 */
const hiddenActors = sql<number>`(select count(*) from notification_actors nh where nh.notification_id = notifications.id
    and nh.actor_id in (select hp.id from hidden_people hp))`;

/** The recipient's hidden people (modules/safety/queries/visibility.ts), read once per statement as `hidden_people`. */
const withHidden = (db: Db, recipientId: Key) =>
  db.kysely.with(
    (cte) => cte('hidden_people(id)').materialized(),
    // Kysely types a CTE's body as one of its builders; the rule's raw select compiles the same.
    () => hiddenActorsOf(recipientId) as never,
  );

/**
 * An entry is shown and counted while one of its actors may still be seen by the recipient (not gone,
 * not suspended, no block either way, not muted: modules/safety/queries/visibility.ts) and its post and comment, if
 * any, may be seen by the recipient too. A `report` entry (the outcome of a report, issue 16) and a
 * `content_removed` one (issue 47) name no actor, post or comment: the moderators stay anonymous, and
 * what was reported may be gone. For a
 * statement begun by `withHidden` (it reads `hidden_people`).
 *
 * `joined`: the statement has joined the entry's post and comment as `posts` and `comments` (the
 * page, which shows their excerpts), and the rule reads those rows rather than looking each up again.
 * Otherwise (the unread count) it looks them up itself.
 */
const shownTo = (joined: boolean) => {
  const recipient = recipientOf('notifications');
  const postShown = joined
    ? sql`(posts.id is not null and ${postVisibleTo(recipient, { post: 'posts' })})`
    : sql`exists (select 1 from posts pn where pn.id = notifications.post_id and ${postVisibleTo(recipient, { post: 'pn' })})`;
  const commentShown = joined
    ? sql`(comments.id is not null and ${commentVisibleTo(recipient, 'comments')})`
    : sql`exists (select 1 from comments cn where cn.id = notifications.comment_id and ${commentVisibleTo(recipient, 'cn')})`;
  return sql<boolean>`(notifications.type in ('report', 'content_removed') or (notifications.actor_count > ${hiddenActors}
    and (notifications.post_id is null or ${postShown})
    and (notifications.comment_id is null or ${commentShown})))`;
};

/**
 * How many of a person's entries are unread and shown, as a subquery of a statement begun by
 * `withHidden`. Inside, `notifications` is the subquery's own table; the subquery asks nothing of the
 * statement around it, so both engines work it out once per statement, not once per row.
 */
const unreadShown = (recipientId: Key) =>
  sql<number>`(select count(*) from notifications where notifications.recipient_id = ${recipientId}
    and notifications.is_read = 0 and ${shownTo(false)})`;

/**
 * The summaries of the actors an entry shows: the first three of those its row keeps
 * (`latest_actors`, newest first) that are not among the recipient's hidden people, as JSON rows
 * `[key, public id, username, first name, last name, avatar]` in no set order (`shownActors` puts
 * them in the kept order). Read with the entries rather than by a statement of their own. The first
 * three need no ORDER BY: both engines give a list's elements in its order (json_each walks the
 * array, unnest the array), and a sort per entry showed in the plans. SQLite gives the JSON as text;
 * pg parses PostgreSQL's json into arrays. For a statement begun by `withHidden`.
 */
const shownActorSummaries = (db: Db) => {
  const shown = sql.lit(notificationActorsShown);
  return db.kind === 'sqlite'
    ? sql<KeptSummaries>`(select json_group_array(json_array(ua.id, ua.public_id, ua.username, ua.firstname,
        ua.lastname, ua.avatar_url))
      from (select ka.value as id from json_each('[' || notifications.latest_actors || ']') ka
        where ka.value not in (select hp.id from hidden_people hp) limit ${shown}) kk
      join users ua on ua.id = kk.id)`
    : sql<KeptSummaries>`(select json_agg(json_build_array(ua.id, ua.public_id, ua.username, ua.firstname,
        ua.lastname, ua.avatar_url))
      from (select ka.id from unnest(string_to_array(notifications.latest_actors, ',')::bigint[]) ka(id)
        where ka.id not in (select hp.id from hidden_people hp) limit ${shown}) kk
      join users ua on ua.id = kk.id)`;
};

/** One of `shownActorSummaries`' rows. */
type SummaryTuple = [
  key: number,
  publicId: string,
  username: string,
  firstname: string,
  lastname: string,
  avatarUrl: string,
];
type KeptSummaries = string | SummaryTuple[] | null;

/** A person's entries as they are shown to them. */
const entries = (db: Db, recipientId: Key) =>
  withHidden(db, recipientId)
    .selectFrom('notifications')
    .where('notifications.recipient_id', '=', recipientId)
    .where(() => shownTo(true))
    .leftJoin('posts', 'posts.id', 'notifications.post_id')
    .leftJoin('comments', 'comments.id', 'notifications.comment_id')
    .leftJoin('reports', 'reports.id', 'notifications.report_id')
    .select([
      'notifications.id',
      'notifications.public_id',
      'notifications.type',
      // The actors the recipient may still see: an actor whose account is gone or hidden does not count.
      sql<number>`notifications.actor_count - ${hiddenActors}`.as('actor_count'),
      'notifications.is_read',
      'notifications.created_at',
      'notifications.latest_actors',
      'posts.public_id as post_public_id',
      'posts.content as post_content',
      'comments.public_id as comment_public_id',
      'comments.content as comment_content',
      'reports.action as report_action',
      'reports.target_type as report_target_type',
      'reports.resolution_reason as report_reason',
      'reports.resolution_note as report_note',
      shownActorSummaries(db).as('actor_summaries'),
    ]);
type EntryRow = Awaited<ReturnType<ReturnType<typeof entries>['executeTakeFirstOrThrow']>>;

/**
 * Where a read runs: `genericPlansReader`'s (db/generic-plans.ts: on PostgreSQL the pool whose
 * connections plan generically, without which the entries statement was planned anew on every run,
 * decision 052), or the database.
 */
type Reader = Kysely<DatabaseSchema>;

type ActorRow = SummaryRow & { notification_id: Key; actor_id: Key; created_at: string | Date };

/**
 * The long way to the latest actors of each entry its recipient may see (at most 3 each), for the
 * entries whose kept list falls short (`shownActors`): per entry, its actors newest first through
 * notification_actors_latest, stopping at the third shown, all entries in one statement (UNION
 * ALL), so a group of thousands costs what a group of three does. The index holds the whole order
 * (created_at, then actor_id: migration 073) and every column read, so no entry's actors are
 * sorted; the few rows are put in order here rather than by an ORDER BY over the UNION ALL, which
 * was a sort of its own (and the join with users may reorder rows on PostgreSQL). The limits are
 * written into the SQL, not bound: with a LIMIT bound as a parameter, SQLite prepared the statement
 * again on every run, most of the page's time (decision 045 has the measurement).
 */
async function latestActors(db: Db, recipientId: Key, ids: Key[], on: Reader): Promise<Map<Key, ActorRow[]>> {
  const byEntry = new Map<Key, ActorRow[]>();
  for (const part of chunks(ids, 50)) {
    const args: Record<string, Key> = { recipient: recipientId };
    part.forEach((id, i) => {
      args[`entry${i}`] = id;
    });
    for (const row of await latestActorsQuery(db, String(part.length), args, on)) {
      const actors = byEntry.get(row.notification_id);
      if (actors) actors.push(row);
      else byEntry.set(row.notification_id, [row]);
    }
  }
  for (const actors of byEntry.values()) actors.sort(newestActorFirst);
  return byEntry;
}

/** The index's order, newest first: created_at, then actor_id. */
function newestActorFirst(a: ActorRow, b: ActorRow): number {
  const at = isoOf(b.created_at).localeCompare(isoOf(a.created_at));
  return at !== 0 ? at : Number(b.actor_id) - Number(a.actor_id);
}

const latestActorsQuery = prepared((_db: Db, args: Record<string, Key>, entries: string) => {
  const latest = Array.from(
    { length: Number(entries) },
    (_, i) => sql`select * from (select na.notification_id, na.actor_id, na.created_at from notification_actors na
      where na.notification_id = ${args[`entry${i}`]} and ${actorVisibleTo(args.recipient as Key, 'na.actor_id')}
      order by na.created_at desc, na.actor_id desc limit ${sql.lit(notificationActorsShown)}) ${sql.raw(`latest${i}`)}`,
  );
  return sql<ActorRow>`select latest.notification_id, latest.actor_id, latest.created_at, users.public_id,
      users.username, users.firstname, users.lastname, users.avatar_url
    from (${sql.join(latest, sql` union all `)}) latest join users on users.id = latest.actor_id`;
});

/**
 * The actors each entry shows: their summaries read with it (the first three of its kept actors not
 * hidden from the recipient), put in the kept order (migration 076). An entry left with fewer than it
 * should show (hidden people among its newest, an account gone a moment ago) is read the long way,
 * through the index (`latestActors`).
 */
async function shownActors(db: Db, recipientId: Key, rows: EntryRow[], on: Reader): Promise<Map<Key, SummaryRow[]>> {
  const shown = new Map<Key, SummaryRow[]>();
  const longWay: Key[] = [];
  for (const row of rows) {
    const people = new Map<number, SummaryRow>();
    for (const [key, public_id, username, firstname, lastname, avatar_url] of summaryTuplesOf(row.actor_summaries))
      people.set(Number(key), { public_id, username, firstname, lastname, avatar_url });
    const actors = (row.latest_actors ?? '').split(',').flatMap((key) => people.get(Number(key)) ?? []);
    if (actors.length < Math.min(notificationActorsShown, Number(row.actor_count))) longWay.push(row.id);
    else shown.set(row.id, actors);
  }
  if (longWay.length > 0)
    for (const [id, actors] of await latestActors(db, recipientId, longWay, on)) shown.set(id, actors);
  return shown;
}

/** `shownActorSummaries` as rows, from SQLite's JSON text or pg's parsed JSON (null for an entry with no kept actor). */
const summaryTuplesOf = (value: KeptSummaries): SummaryTuple[] =>
  value === null ? [] : typeof value === 'string' ? (JSON.parse(value) as SummaryTuple[]) : value;

async function toNotifications(db: Db, recipientId: Key, rows: EntryRow[], on: Reader): Promise<Notification[]> {
  const actors = await shownActors(db, recipientId, rows, on);
  return rows.map((row) => ({
    _id: row.public_id,
    type: row.type,
    actors: (actors.get(row.id) ?? []).map(toUserSummary),
    actorCount: Number(row.actor_count),
    ...(row.post_public_id
      ? { post: { _id: row.post_public_id, excerpt: excerptOf(row.post_content ?? '', excerptLength) } }
      : {}),
    ...(row.comment_public_id
      ? { comment: { _id: row.comment_public_id, excerpt: excerptOf(row.comment_content ?? '', excerptLength) } }
      : {}),
    ...(row.report_action && row.report_target_type
      ? {
          report: {
            action: row.report_action,
            targetType: row.report_target_type,
            // Only the author of removed content is told the moderators' reason and note.
            ...(row.type === 'content_removed'
              ? { reason: row.report_reason ?? 'other', note: row.report_note ?? '' }
              : {}),
          },
        }
      : {}),
    createdAt: toApiTimestamp(row.created_at),
    read: Boolean(row.is_read),
  }));
}

/** One of a person's entries, as shown to them (undefined when it is not theirs or not shown). */
async function notificationByKey(db: Db, recipientId: Key, id: Key, on: Reader): Promise<Notification | undefined> {
  const [row] = await entryByKeyQuery(db, 'entry', { recipient: recipientId, id }, on);
  return row ? (await toNotifications(db, recipientId, [row], on))[0] : undefined;
}

/** What a person's open streams are sent for a new entry: the entry and their new unread count (none when not shown). */
export async function notificationEvent(
  db: Db,
  recipientId: Key,
  id: Key,
): Promise<{ notification: Notification; unreadCount: number } | undefined> {
  const on = genericPlansReader(db);
  const notification = await notificationByKey(db, recipientId, id, on);
  return notification && { notification, unreadCount: await countUnread(db, recipientId, on) };
}

const entryByKeyQuery = prepared((db: Db, args: { recipient: Key; id: Key }) =>
  entries(db, args.recipient).where('notifications.id', '=', args.id),
);

/** One page of a person's notifications, newest first, through notifications_recipient_time, and their unread count. */
export async function notificationPage(
  db: Db,
  recipientId: Key,
  page: {
    limit: number;
    after: Keyset | undefined;
    kind?: NotificationKind | undefined;
    /** Only entries of these types (the client API's `types[]`, issue 50); instead of `kind`. */
    types?: readonly NotificationType[] | undefined;
  },
): Promise<{ notifications: Notification[]; next: Keyset | null; unreadCount: number }> {
  const on = genericPlansReader(db);
  const { after } = page;
  // Written into the SQL as literals: only the known types.
  const types = page.types && [...new Set(page.types)].filter((type) => notificationTypes.includes(type)).sort();
  const filter: NotificationKind | 'all' | `types=${string}` = types
    ? `types=${types.join('+')}`
    : (page.kind ?? 'all');
  const rows = await notificationPageQuery(
    db,
    `${after ? 'after' : 'first'}:${page.limit + 1}:${filter}`,
    { recipient: recipientId, t: after?.t, i: after?.i },
    on,
  );
  const pageRows = rows.slice(0, page.limit);
  const last = pageRows[pageRows.length - 1];
  // The count comes with the entries (the count of every kind: it is the bell's). A first page of all
  // kinds with no entry has nothing unread to show; a later one, past the last entry, or one kind's
  // page, still asks.
  const unread = rows[0]
    ? Number(rows[0].unread_count)
    : after || page.kind || page.types
      ? await countUnread(db, recipientId, on)
      : 0;
  return {
    notifications: await toNotifications(db, recipientId, pageRows, on),
    next: rows.length > page.limit && last ? { t: isoOf(last.created_at), i: last.public_id } : null,
    unreadCount: unread,
  };
}

type PageArgs = { recipient: Key; t: string | undefined; i: string | undefined };

/**
 * The number of rows read is part of the shape and written into the SQL (as the latest actors' limit
 * is): a bound LIMIT made SQLite prepare the statement again on every run, a large part of its cost
 * (decision 045). So is the kind (issue 47), whose types are written in as literals: at most
 * 2 x 100 x 5 shapes (pageLimits.max), a few in common use. A kind's page walks the same index
 * (notifications_recipient_time holds `type`), skipping the other kinds' rows without reading the table.
 */
const notificationPageQuery = prepared(
  (db: Db, args: PageArgs, shape: `${'first' | 'after'}:${number}:${NotificationKind | 'all' | `types=${string}`}`) => {
    const [cursor, rows, kind] = shape.split(':');
    const types = kind?.startsWith('types=')
      ? (kind.slice('types='.length).split('+') as NotificationType[])
      : kind && kind !== 'all'
        ? notificationKindTypes[kind as NotificationKind]
        : undefined;
    let query = entries(db, args.recipient).select(unreadShown(args.recipient).as('unread_count'));
    if (types)
      query = query.where(
        'notifications.type',
        'in',
        types.map((type) => sql.lit(type)),
      );
    return (
      cursor === 'after'
        ? query.where(
            comesAfter('descending', ['notifications.created_at', 'notifications.public_id'], [args.t, args.i]),
          )
        : query
    )
      .orderBy('notifications.created_at', 'desc')
      .orderBy('notifications.public_id', 'desc')
      .limit(sql.lit(Number(rows)));
  },
);

/** One of a person's entries by its public id, as shown to them (undefined when not theirs or not shown). */
export async function notificationByPublicId(
  db: Db,
  recipientId: Key,
  publicId: string,
): Promise<Notification | undefined> {
  const rows = await entries(db, recipientId).where('notifications.public_id', '=', publicId).execute();
  return (await toNotifications(db, recipientId, rows, db.kysely))[0];
}

/** Where a page goes on from one of a person's entries (its time and id): the client API's `max_id`. */
export async function notificationKeysetOf(db: Db, recipientId: Key, publicId: string): Promise<Keyset | undefined> {
  const row = await db.kysely
    .selectFrom('notifications')
    .select(['created_at', 'public_id'])
    .where('recipient_id', '=', recipientId)
    .where('public_id', '=', publicId)
    .executeTakeFirst();
  return row && { t: isoOf(row.created_at), i: row.public_id };
}

/**
 * Deletes one of a person's entries (`publicId`), or all of them: the client API's dismiss and clear
 * (issue 50). Their actors go with them (cascade). Answers how many went.
 */
export async function dismissNotifications(db: Db, recipientId: Key, publicId?: string): Promise<number> {
  let query = db.kysely.deleteFrom('notifications').where('recipient_id', '=', recipientId);
  if (publicId !== undefined) query = query.where('public_id', '=', publicId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Entries changed after a time, oldest first: what a stream resumed with Last-Event-ID missed. */
export async function notificationsSince(db: Db, recipientId: Key, since: string, max: number) {
  const rows = await entries(db, recipientId)
    .where('notifications.created_at', '>', since)
    .orderBy('notifications.created_at')
    .orderBy('notifications.public_id')
    .limit(max)
    .execute();
  return toNotifications(db, recipientId, rows, db.kysely);
}

export const unreadCount = (db: Db, recipientId: Key): Promise<number> =>
  countUnread(db, recipientId, genericPlansReader(db));

async function countUnread(db: Db, recipientId: Key, on: Reader): Promise<number> {
  const [row] = await unreadCountQuery(db, 'count', { recipient: recipientId }, on);
  return Number(row?.n ?? 0);
}

const unreadCountQuery = prepared((db: Db, args: { recipient: Key }) =>
  withHidden(db, args.recipient).selectNoFrom(unreadShown(args.recipient).as('n')),
);

/** Marks every entry read and closes the open groups (the next like starts a new entry). */
export async function markAllRead(db: Db, recipientId: Key): Promise<void> {
  await db.kysely
    .updateTable('notifications')
    .set({ is_read: 1, group_key: null })
    .where('recipient_id', '=', recipientId)
    // Written into the SQL: the unread entries' partial index (migration 082) serves `is_read = 0`, not a parameter.
    .where('is_read', '=', sql.lit(0))
    .execute();
}
