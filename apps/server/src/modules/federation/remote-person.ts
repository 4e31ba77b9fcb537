import type { Context } from '@fedify/fedify';
import type { Actor, Note } from '@fedify/vocab';
import type { AppContext } from '../../context';
import { isBlockedHost } from './domain-blocks';
import { htmlToText } from './notes';
import { mayDeliverTo } from './public-address';
import { upsertRemotePerson } from './queries/people';
import { rememberRemoteMedia } from './queries/remote-media';

/** Public: to or cc Public; followers-only: to the author's followers; anything else (a direct message) is not taken. */
export function visibilityOf(note: Note, author: Actor): 'public' | 'followers' | undefined {
  const audience = [...note.toIds, ...note.ccIds].map((url) => url.href);
  if (audience.includes('https://www.w3.org/ns/activitystreams#Public')) return 'public';
  if (author.followersId && audience.includes(author.followersId.href)) return 'followers';
  return undefined;
}

/** A remote actor as a user row: `preferredUsername@host`, their profile refreshed. */
export async function rememberPerson(ctx: Context<AppContext>, actor: Actor): Promise<number | undefined> {
  if (!actor.id || !actor.inboxId || !actor.preferredUsername) return undefined;
  // A local actor is never stored twice.
  if (ctx.parseUri(actor.id)?.type === 'actor') return undefined;
  // Nobody of a blocked server is stored, whoever names them (decision 096).
  if (await isBlockedHost(ctx.data.db, actor.id.hostname)) return undefined;
  // An actor fetched from a public address may still name a private inbox (SSRF).
  const allowPrivate = ctx.data.config.federation?.allowPrivateAddresses ?? false;
  const sharedInbox = actor.endpoints?.sharedInbox?.href ?? null;
  if (!(await mayDeliverTo(actor.inboxId.href, allowPrivate))) return undefined;
  if (sharedInbox && !(await mayDeliverTo(sharedInbox, allowPrivate))) return undefined;
  const icon = await actor.getIcon(ctx).catch(() => null);
  const iconUrl = icon?.url instanceof URL ? icon.url.href : (icon?.url?.href?.href ?? '');
  return upsertRemotePerson(ctx.data.db, {
    actorUri: actor.id.href,
    username: `${actor.preferredUsername}@${actor.id.host}`,
    name: String(actor.name ?? ''),
    bio: htmlToText(String(actor.summary ?? '')),
    // Shown from our origin, fetched when first viewed (decision 101).
    avatarUrl: iconUrl ? await rememberRemoteMedia(ctx.data.db, iconUrl) : '',
    inboxUrl: actor.inboxId.href,
    sharedInboxUrl: sharedInbox,
    profileUrl: actor.url instanceof URL ? actor.url.href : (actor.url?.href?.href ?? null),
    locked: actor.manuallyApprovesFollowers === true,
  });
}
