import { join } from 'node:path';
import type { Env } from '../config/env';
import type { Logger } from '../lib/log';
import { closeDatabase, openDatabase, type Db } from './database';
import { migrate } from './migrate';

/** The database's file name inside DATA_DIR (the server, the command-line tools and the tests agree on it). */
export const DATABASE_FILE_NAME = 'pharmaradar.db';

/** DATA_DIR's database file. */
export function databaseFile(env: Pick<Env, 'DATA_DIR'>): string {
  return join(env.DATA_DIR, DATABASE_FILE_NAME);
}

export interface CliDatabaseOptions {
  /** Runs the migrations first, logging to it; without one the file is opened as it is (the backup copies it). */
  migrateWith?: Logger;
}

/**
 * The one way a command-line tool (npm run purge, plan, staff, backup, pharmacies:import, catalogue:import,
 * feeds:import, retailers:check) opens DATA_DIR's database: with the server's connection settings and, unless told
 * otherwise, migrated to the code's schema. The caller closes it with closeDatabase. The two that run a pass
 * of an app job (alerts:check, market:refresh) open it through compose.ts, as the server does.
 */
export function openCliDatabase(env: Pick<Env, 'DATA_DIR'>, options: CliDatabaseOptions = {}): Db {
  const db = openDatabase(databaseFile(env));
  if (options.migrateWith) {
    try {
      migrate(db, { log: options.migrateWith });
    } catch (error) {
      closeDatabase(db);
      throw error;
    }
  }
  return db;
}
