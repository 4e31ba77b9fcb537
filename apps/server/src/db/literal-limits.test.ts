import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { LiteralLimitsPlugin } from './literal-limits';
import type { DatabaseSchema } from './schema';

const db = new Kysely<DatabaseSchema>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new SqliteIntrospector(k),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
  plugins: [new LiteralLimitsPlugin()],
});

describe('LiteralLimitsPlugin (decision 045)', () => {
  it('writes a SELECT’s integer LIMIT and OFFSET into its SQL and binds the rest', () => {
    const query = db
      .selectFrom('posts')
      .select('id')
      .where('author_id', '=', 7)
      .orderBy('created_at', 'desc')
      .limit(21)
      .offset(40)
      .compile();
    expect(query.sql).toBe(
      'select "id" from "posts" where "author_id" = ? order by "created_at" desc limit 21 offset 40',
    );
    expect(query.parameters).toEqual([7]);
  });

  it('leaves anything but a safe non-negative integer bound', () => {
    for (const value of [-1, 2.5, Number.MAX_SAFE_INTEGER + 2]) {
      const query = db.selectFrom('posts').select('id').limit(value).compile();
      expect(query.sql).toBe('select "id" from "posts" limit ?');
      expect(query.parameters).toEqual([value]);
    }
    const expression = db.selectFrom('posts').select('id').limit(sql<number>`${3} + 1`).compile();
    expect(expression.sql).toBe('select "id" from "posts" limit ? + 1');
  });

  it('changes no other statement', () => {
    const insert = db.insertInto('blocks').values({ blocker_id: 1, blocked_id: 2, created_at: 'now' }).compile();
    expect(insert.sql).toBe('insert into "blocks" ("blocker_id", "blocked_id", "created_at") values (?, ?, ?)');
  });
});
