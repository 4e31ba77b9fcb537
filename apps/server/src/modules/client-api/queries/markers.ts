import type { Db } from '../../../db/database';
import type { ClientMarkerRow, Key } from '../../../db/schema';
import { nowIso } from '../../../db/time';

export type MarkerTimeline = ClientMarkerRow['timeline'];
export const markerTimelines: readonly MarkerTimeline[] = ['home', 'notifications'];

/** A person's read positions, of the timelines asked for. */
export const markersOf = (db: Db, userId: Key, timelines: readonly MarkerTimeline[]) =>
  timelines.length === 0
    ? Promise.resolve([])
    : db.kysely
        .selectFrom('client_markers')
        .selectAll()
        .where('user_id', '=', userId)
        .where('timeline', 'in', timelines)
        .execute();

/** Saves one read position; each save of a timeline counts one more `version`. */
export async function saveMarker(db: Db, userId: Key, timeline: MarkerTimeline, lastReadId: string): Promise<void> {
  const at = nowIso();
  await db.kysely
    .insertInto('client_markers')
    .values({ user_id: userId, timeline, last_read_id: lastReadId, version: 1, updated_at: at })
    .onConflict((oc) =>
      oc.columns(['user_id', 'timeline']).doUpdateSet((eb) => ({
        last_read_id: lastReadId,
        version: eb('client_markers.version', '+', 1),
        updated_at: at,
      })),
    )
    .execute();
}
