import type { Context } from '@fedify/fedify';
import type { Activity, Object as APObject } from '@fedify/vocab';
import type { AppContext } from '../../context';
import type { Key } from '../../db/schema';
import { mayDeliverTo } from './public-address';
import { remoteFollowersOf, remotePeopleByActorUri } from './queries/people';

interface RemoteInboxes {
  actor_uri: string | null;
  inbox_url: string | null;
  shared_inbox_url: string | null;
}

/**
 * Who is sent an activity: a local person's remote followers (when `followers`), and the remote
 * people it names (`also`, by actor id), each once. Inboxes are checked again at each delivery: a
 * name may have come to point elsewhere since it was stored (SSRF).
 */
export async function recipientsOf(app: AppContext, senderId: Key, to: { followers: boolean; also?: URL[] }) {
  const rows: RemoteInboxes[] = to.followers ? await remoteFollowersOf(app.db, senderId) : [];
  if (to.also?.length)
    rows.push(
      ...(await remotePeopleByActorUri(
        app.db,
        to.also.map((u) => u.href),
      )),
    );
  const allowPrivate = app.config.federation?.allowPrivateAddresses ?? false;
  const seen = new Set<string>();
  const recipients = [];
  for (const f of rows) {
    const inbox = f.shared_inbox_url ?? f.inbox_url;
    if (!f.actor_uri || !f.inbox_url || !inbox || seen.has(f.actor_uri)) continue;
    seen.add(f.actor_uri);
    if (!(await mayDeliverTo(inbox, allowPrivate))) continue;
    recipients.push({
      id: new URL(f.actor_uri),
      inboxId: new URL(f.inbox_url),
      endpoints: f.shared_inbox_url ? { sharedInbox: new URL(f.shared_inbox_url) } : null,
    });
  }
  return recipients;
}

/** Sends an activity as a local person through the queue, one delivery per server's shared inbox where it has one. */
export async function deliver(
  ctx: Context<AppContext>,
  senderPublicId: string,
  recipients: Awaited<ReturnType<typeof recipientsOf>>,
  activity: Activity,
) {
  if (recipients.length === 0) return;
  await ctx.sendActivity({ identifier: senderPublicId }, recipients, activity, { preferSharedInbox: true });
}

/** Whom a Note names in its to and cc: the remote people among them are sent it (a mention, an answer). */
export const addresseesOf = (note: APObject): URL[] => [...note.toIds, ...note.ccIds];
