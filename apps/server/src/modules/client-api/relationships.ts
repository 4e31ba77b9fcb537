import type { AppContext } from '../../context';
import type { Key } from '../../db/schema';
import { relationshipsOf } from '../social';

/** Mastodon's Relationship of the viewer with one person; what Spotter has not (requests of us, notes) is false or empty. */
export async function relationshipsAnswer(ctx: AppContext, viewerId: Key, ids: readonly string[]) {
  const rows = await relationshipsOf(ctx.db, viewerId, ids);
  const byId = new Map(rows.map((row) => [row.public_id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        id,
        following: Boolean(row.following),
        showing_reblogs: Boolean(row.following),
        notifying: false,
        languages: [],
        followed_by: Boolean(row.followed_by),
        blocking: Boolean(row.blocking),
        blocked_by: false,
        muting: Boolean(row.muting),
        muting_notifications: Boolean(row.muting),
        requested: Boolean(row.requested),
        requested_by: false,
        domain_blocking: false,
        endorsed: false,
        note: '',
      },
    ];
  });
}
