import type { Transaction } from 'kysely';
import type { DatabaseSchema } from './schema';

/**
 * Work done in an action's own transaction once its rows are written (its notifications recorded,
 * its hashtags indexed): one commit for the action and what goes with it (decision 047).
 */
export type InTransaction<T> = (trx: Transaction<DatabaseSchema>, done: T) => Promise<void>;
