import type { TrainingSettings } from '@spotter/contract';
import type { Db } from '../../../db/database';
import { prepared } from '../../../db/prepared';
import type { UserRow } from '../../../db/schema';
import { userOpensTo, type ViewerKey } from '../../safety';
import { type OwnerArgs, type OwnerShape, ownerArgs, ownerShape } from './training-owner-rule';
import { toTrainingSettings } from './training-stats';

export type TrainingOwner = { user: UserRow; settings: TrainingSettings };

/**
 * The person whose workouts, records, progress or stats are asked for, with their training
 * settings, in one statement: someone whose pages the viewer may open (`userOpensTo`: not suspended,
 * no block either way; for a moderator also a suspended person, decision 048).
 */
export async function findTrainingOwner(
  db: Db,
  username: string,
  viewerId: ViewerKey,
  moderator: boolean,
): Promise<TrainingOwner | undefined> {
  const [row] = await trainingOwnerQuery(db, ownerShape(viewerId, moderator), ownerArgs(username, viewerId));
  if (!row) return undefined;
  const { settings_units, settings_time_zone, settings_show_records, ...user } = row;
  const settings = toTrainingSettings(
    settings_units === null || settings_time_zone === null || settings_show_records === null
      ? undefined
      : { units: settings_units, time_zone: settings_time_zone, show_records: settings_show_records },
  );
  return { user, settings };
}

// Compiled once: every training tab of a profile reads it first.
const trainingOwnerQuery = prepared((db: Db, args: OwnerArgs, shape: OwnerShape) =>
  db.kysely
    .selectFrom('users')
    .leftJoin('training_settings as ts', 'ts.user_id', 'users.id')
    .selectAll('users')
    .select([
      'ts.units as settings_units',
      'ts.time_zone as settings_time_zone',
      'ts.show_records as settings_show_records',
    ])
    .where('users.username_key', '=', args.usernameKey)
    .where(userOpensTo(shape === 'anonymous' ? undefined : args.viewer, shape === 'moderator')),
);
