import type { Db } from './database';

/**
 * One value per open database, made at its first use and dropped with the database: what a cache
 * keeps (rows by their keys, statements compiled for one dialect) means something only within the
 * database it came from, and one process may hold several (the tests open many). `made` answers
 * the value only if it was made.
 */
export function perDatabase<T extends object>(make: (db: Db) => T) {
  const values = new WeakMap<Db, T>();
  const of = (db: Db): T => {
    let value = values.get(db);
    if (value === undefined) {
      value = make(db);
      values.set(db, value);
    }
    return value;
  };
  return Object.assign(of, { made: (db: Db): T | undefined => values.get(db) });
}
