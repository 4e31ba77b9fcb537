import type { Kysely } from 'kysely';
import type { Db } from './database';
import type { DatabaseSchema } from './schema';

/**
 * Where to run reads with PostgreSQL's generic plans forced, for statements that cost more to plan than to
 * run and whose plan does not depend on their values. A named statement (decision 043) is planned
 * for its values on each of its first five runs, then PostgreSQL keeps a generic plan only when it
 * estimates that plan no dearer than the custom ones. The notifications page's statement (the
 * visibility rule's sub-selects for every entry) never passed that test, so it was planned anew on
 * every page, its planning costing more than its work (decision 052 has the measurement).
 * On PostgreSQL that is the database's pool of connections set to `force_generic_plan`
 * (`genericPlans`); on SQLite the database itself: nothing is planned per run there (each text is
 * prepared once per connection).
 */
export const genericPlansReader = (db: Db): Kysely<DatabaseSchema> => db.genericPlans ?? db.kysely;
