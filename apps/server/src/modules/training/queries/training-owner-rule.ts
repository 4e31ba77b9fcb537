import { defaultTrainingSettings } from '@spotter/contract';
import { type RawBuilder, sql } from 'kysely';
import { type Key, noKey } from '../../../db/schema';
import { userOpensTo, type ViewerKey } from '../../safety';

/** Who asks, as far as the owner's rule goes: the shape of every statement that asks it. */
export type OwnerShape = 'anonymous' | 'viewer' | 'moderator';
export const ownerShape = (viewerId: ViewerKey, moderator: boolean): OwnerShape =>
  viewerId === undefined ? 'anonymous' : moderator ? 'moderator' : 'viewer';

/** The values an owner's rule is asked with: the person's username as keyed, and the viewer (`noKey` for none). */
export type OwnerArgs = { usernameKey: string; viewer: Key };
export const ownerArgs = (username: string, viewerId: ViewerKey): OwnerArgs => ({
  usernameKey: username.toLowerCase(),
  viewer: viewerId ?? noKey,
});

/**
 * The key of the person whose records, progress and stats the viewer may read, as a subquery of the
 * statement that reads them (null when they may not): the person opens to the viewer (`userOpensTo`,
 * as `findTrainingOwner` asks) and shows their records or is the viewer (visibleTrainingOwner's 403).
 * A read that finds rows through it needs no statement of the owner's first, a round trip less on
 * PostgreSQL; one that finds none leaves the answer (empty, 404 or 403) to visibleTrainingOwner.
 */
export function figuresOwnerKey(args: OwnerArgs, shape: OwnerShape): RawBuilder<Key> {
  const viewer = shape === 'anonymous' ? undefined : args.viewer;
  const shown = sql`coalesce(tso.show_records, ${sql.lit(defaultTrainingSettings.showRecords ? 1 : 0)}) = 1`;
  return sql<Key>`(select users.id from users left join training_settings tso on tso.user_id = users.id
    where users.username_key = ${args.usernameKey} and ${userOpensTo(viewer, shape === 'moderator')}
    and (${shown}${viewer === undefined ? sql`` : sql` or users.id = ${viewer}`}))`;
}

/** Whose figures a read is of: a person by key, or the person a viewer asks for by name, if they may. */
export type FiguresOf = { key: Key } | { username: string; viewerId: ViewerKey; moderator: boolean };

/** What changes a figures read's SQL: by key, or by name for this kind of viewer. */
export type FiguresOwnerShape = 'key' | OwnerShape;
export const figuresOwnerShape = (of: FiguresOf): FiguresOwnerShape =>
  'key' in of ? 'key' : ownerShape(of.viewerId, of.moderator);

/** The values of a figures read's owner part (both kinds always given, so every shape finds its own). */
export type FiguresOwnerArgs = OwnerArgs & { user: Key };
export const figuresOwnerArgs = (of: FiguresOf): FiguresOwnerArgs =>
  'key' in of
    ? { user: of.key, usernameKey: '', viewer: noKey }
    : { user: noKey, ...ownerArgs(of.username, of.viewerId) };

/** The owner's key in a figures read's statement: the key given, or `figuresOwnerKey`. */
export const figuresOwner = (args: FiguresOwnerArgs, shape: FiguresOwnerShape): Key | RawBuilder<Key> =>
  shape === 'key' ? args.user : figuresOwnerKey(args, shape);
