import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

/**
 * better-sqlite3, in the major that works on the running Node (docs/decisions/009). 12.x wraps its
 * objects in Node's raw ObjectWrap, whose destructor aborts the process on Node >= 24.19 when the
 * garbage collector finalizes a statement outside JavaScript (SIGABRT, `(env) != nullptr`; seen in
 * our own suite on 24.21). 13.x is built on Node-API and does not, but needs Node 22 (it crashes on
 * 20). Both are installed (13 under the alias better-sqlite3-napi, prebuilt, nothing to compile)
 * and have the same API.
 */
const nodeMajor = Number(process.versions.node.split('.')[0]);
const require = createRequire(import.meta.url);

export const sqliteDriverPackage = nodeMajor >= 22 ? 'better-sqlite3-napi' : 'better-sqlite3';

const SqliteDatabase: typeof BetterSqlite3 = require(sqliteDriverPackage);
export default SqliteDatabase;
