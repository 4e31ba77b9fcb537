import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { Key } from '../../db/schema';
import { identityChanged } from '../accounts';
import { aboutAccount, publishUnreadCountsAbout } from '../notifications';
import { liftEndedSuspension, suspensionEnded } from './queries/suspensions';

/**
 * Whether a person is suspended now: a suspension whose end has passed is lifted here, at the check
 * (decision 099: no job), and then what they gave others is shown and counted again, as when a
 * moderator lifts it.
 */
export async function stillSuspended(
  ctx: AppContext,
  user: { id: Key; suspended_at: string | null; suspended_until: string | null },
  log: FastifyBaseLogger,
): Promise<boolean> {
  if (user.suspended_at === null) return false;
  if (!suspensionEnded(user.suspended_until)) return true;
  if (await liftEndedSuspension(ctx.db, user.id)) {
    identityChanged(ctx, user.id);
    await publishUnreadCountsAbout(ctx, aboutAccount(user.id), log, user.id);
  }
  return false;
}
