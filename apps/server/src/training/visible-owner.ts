import { apiErrors, trainingErrors } from '@spotter/contract';
import type { Db } from '../db/database';
import type { UserRow } from '../db/schema';
import { HttpError, notFound } from '../errors';
import { trainingSettingsOf } from '../queries/training-stats';
import { findUserByUsername } from '../queries/users';

/**
 * The person whose records, progress or stats are asked for, with their settings: 404 if there is no
 * such person, 403 if they keep these private and the viewer is someone else.
 */
export async function visibleTrainingOwner(db: Db, username: string, viewer: UserRow | undefined) {
  const owner = await findUserByUsername(db, username);
  if (!owner) throw notFound(apiErrors.userNotFound);
  const settings = await trainingSettingsOf(db, owner.id);
  if (!settings.showRecords && viewer?.id !== owner.id) throw new HttpError(403, [trainingErrors.recordsPrivate]);
  return { owner, settings };
}
