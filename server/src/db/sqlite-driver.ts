import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

/**
 * better-sqlite3 for the running Node (docs/decisions/173). Version 12 (the `better-sqlite3` package)
 * subclasses Node's raw ObjectWrap: built against Node 24.19+ headers, it aborts the whole process
 * ("Assertion failed: (env) != nullptr") when a statement is garbage collected, at exit or at work.
 * Version 13 (`better-sqlite3-napi`, an npm alias) is built on Node-API and runs on Node 24 and 26,
 * but needs Node 22 and crashes on Node 20, where development happens. Both are installed and the
 * running Node picks one; they share one API, which the version 12 typings describe.
 */
export const SQLITE_DRIVER =
  Number(process.versions.node.split('.')[0]) >= 22 ? 'better-sqlite3-napi' : 'better-sqlite3';

const load = createRequire(import.meta.url);
const Database = load(SQLITE_DRIVER) as typeof BetterSqlite3;

export default Database;
