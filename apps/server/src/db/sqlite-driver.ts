import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

/**
 * better-sqlite3, in the major that works on the running Node (docs/decisions/009). 12.x wraps its
 * objects in Node's raw ObjectWrap, whose destructor aborts the process on Node >= 24.19 when the
 * garbage collector finalizes a statement outside JavaScript (SIGABRT, `(env) != nullptr`; seen in
 * our own suite on 24.21). 13.x is built on Node-API and does not, but needs Node 22 (it crashes on
 * 20). Both are installed (13 under the alias better-sqlite3-napi, prebuilt, nothing to compile;
 * npm leaves it out on Node 20) and have the same API.
 */
const nodeMajor = Number(process.versions.node.split('.')[0]);
const require = createRequire(import.meta.url);

export const sqliteDriverPackage = nodeMajor >= 22 ? 'better-sqlite3-napi' : 'better-sqlite3';

/** 13 is an optional dependency that npm leaves out on Node 20 (its engines): installed there, then run on 22+. */
function loadDriver(): typeof BetterSqlite3 {
  try {
    return require(sqliteDriverPackage);
  } catch (error) {
    if ((error as { code?: string }).code !== 'MODULE_NOT_FOUND') throw error;
    throw new Error(
      `Spotter cannot start: the SQLite driver for Node ${process.versions.node} (${sqliteDriverPackage}) is not ` +
        'installed; node_modules was installed with another Node version. Run npm install && npm rebuild.',
    );
  }
}

const SqliteDatabase = loadDriver();
export default SqliteDatabase;
