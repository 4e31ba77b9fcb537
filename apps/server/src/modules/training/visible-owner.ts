import { apiErrors, trainingErrors } from '@spotter/contract';
import type { Db } from '../../db/database';
import type { SignedInUser } from '../../db/schema';
import { HttpError, notFound } from '../../errors';
import { isModerator } from '../accounts';
import { findTrainingOwner, type TrainingOwner } from './queries/training-owner';
import type { FiguresOf } from './queries/training-owner-rule';

/**
 * The person whose workouts are asked for, with their settings: 404 if there is no such person or
 * the viewer may not see them (suspended, a block either way), as their profile is.
 */
export async function visibleWorkoutOwner(
  db: Db,
  username: string,
  viewer: SignedInUser | undefined,
): Promise<TrainingOwner> {
  const owner = await findTrainingOwner(db, username, viewer?.id, isModerator(viewer));
  if (!owner) throw notFound(apiErrors.userNotFound);
  return owner;
}

/**
 * The person whose records, progress or stats are asked for, with their settings: as
 * visibleWorkoutOwner, and 403 if they keep these private and the viewer is someone else.
 */
export async function visibleTrainingOwner(db: Db, username: string, viewer: SignedInUser | undefined) {
  const { user: owner, settings } = await visibleWorkoutOwner(db, username, viewer);
  if (!settings.showRecords && viewer?.id !== owner.id) throw new HttpError(403, [trainingErrors.recordsPrivate]);
  return { owner, settings };
}

/**
 * A person's records, progress or stats, read by name in one statement (`figuresOwnerKey`: the owner's rule
 * and visibleTrainingOwner's inside it). When that finds nothing, the owner is checked as
 * visibleTrainingOwner checks them (404, 403) and the figures read again by key: an empty answer, or
 * the rows, should the two rules ever part.
 */
export async function readFigures<T>(
  db: Db,
  username: string,
  viewer: SignedInUser | undefined,
  read: (of: FiguresOf) => Promise<T[]>,
): Promise<T[]> {
  const found = await read({ username, viewerId: viewer?.id, moderator: isModerator(viewer) });
  if (found.length > 0) return found;
  const { owner } = await visibleTrainingOwner(db, username, viewer);
  return read({ key: owner.id });
}
