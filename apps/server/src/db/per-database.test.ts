import { describe, expect, it } from 'vitest';
import type { Db } from './database';
import { perDatabase } from './per-database';

// Only the object's identity matters to perDatabase: no database is opened.
const standIn = () => ({}) as Db;

describe('perDatabase', () => {
  it('makes one value per database, at its first use, and answers the same one after', () => {
    let made = 0;
    const cacheOf = perDatabase(() => {
      made += 1;
      return new Map<string, number>();
    });
    const [one, two] = [standIn(), standIn()];
    expect(cacheOf.made(one)).toBeUndefined();
    cacheOf(one).set('key', 1);
    expect(cacheOf(one).get('key')).toBe(1);
    expect(cacheOf(two).get('key')).toBeUndefined();
    expect(cacheOf.made(one)).toBe(cacheOf(one));
    expect(made).toBe(2);
  });
});
