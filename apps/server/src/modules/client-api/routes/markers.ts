import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { toApiTimestamp } from '../../../db/time';
import { requireUserScope } from '../caller';
import { validationFailed } from '../oauth-error';
import { listParam } from '../paging-links';
import { type MarkerTimeline, markersOf, markerTimelines, saveMarker } from '../queries/markers';

const isTimeline = (name: string): name is MarkerTimeline => (markerTimelines as readonly string[]).includes(name);

/**
 * `home[last_read_id]` as a form sends it, or `{ "home": { "last_read_id": ... } }` in JSON: the
 * position each timeline named in the body was read to.
 */
function positionsOf(body: unknown): [MarkerTimeline, string][] {
  const fields = (body ?? {}) as Record<string, unknown>;
  return markerTimelines.flatMap((timeline): [MarkerTimeline, string][] => {
    const nested = fields[timeline] as Record<string, unknown> | undefined;
    const id =
      (typeof nested === 'object' && nested !== null ? nested.last_read_id : undefined) ??
      fields[`${timeline}[last_read_id]`];
    if (id === undefined) return [];
    if (typeof id !== 'string' || id === '' || id.length > 255) {
      throw validationFailed(`${timeline}[last_read_id] must be an id`);
    }
    return [[timeline, id]];
  });
}

/**
 * Markers (issue 50): where the person stopped reading their home timeline and their notifications,
 * so another app (or device) opens where this one left off.
 */
export function markerRoutes(v1: FastifyInstance, ctx: AppContext) {
  const answer = async (userId: number, timelines: readonly MarkerTimeline[]) => {
    const rows = await markersOf(ctx.db, userId, timelines);
    return Object.fromEntries(
      rows.map((row) => [
        row.timeline,
        { last_read_id: row.last_read_id, version: row.version, updated_at: toApiTimestamp(row.updated_at) },
      ]),
    );
  };

  v1.get('/markers', async (request) => {
    const { user } = await requireUserScope(request, ctx, 'read:statuses');
    return answer(user.id, listParam(request, 'timeline').filter(isTimeline));
  });

  v1.post('/markers', async (request) => {
    const { user } = await requireUserScope(request, ctx, 'write:statuses');
    const positions = positionsOf(request.body);
    if (positions.length === 0) throw validationFailed('home[last_read_id] or notifications[last_read_id] is required');
    for (const [timeline, id] of positions) await saveMarker(ctx.db, user.id, timeline, id);
    return answer(
      user.id,
      positions.map(([timeline]) => timeline),
    );
  });
}
