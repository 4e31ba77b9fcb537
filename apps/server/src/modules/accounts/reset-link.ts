import { type ResetLink, resetPasswordPath } from '@spotter/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { Key } from '../../db/schema';
import { toApiTimestamp } from '../../db/time';
import { createResetToken } from './queries/password-resets';

/**
 * A one-time, one-hour recovery link for a person (decision 036). The token rides in the URL's
 * fragment, which browsers never send to a server: it stays out of access logs and Referer headers.
 * Absolute with PUBLIC_URL; otherwise a path on the server's own address.
 */
export async function makeResetLink(db: Db, config: Pick<Config, 'publicOrigin'>, userId: Key): Promise<ResetLink> {
  const { token, expiresAt } = await createResetToken(db, userId);
  return {
    url: `${config.publicOrigin ?? ''}${resetPasswordPath}#token=${token}`,
    expiresAt: toApiTimestamp(expiresAt),
  };
}
