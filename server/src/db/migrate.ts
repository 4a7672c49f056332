import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS_DIR } from '../config/paths';
import type { Db } from './database';
import { writeTransaction } from './write-transaction';

const FILE_PATTERN = /^\d{4}_[a-z0-9_]+\.sql$/;

export class MigrationError extends Error {
  override name = 'MigrationError';
}

export interface MigrateOptions {
  dir?: string;
  log?: { info(message: string, fields?: Record<string, unknown>): void };
}

export function migrationChecksum(sql: string): string {
  return createHash('sha256').update(sql).digest('hex');
}

/**
 * Applies sqlite/migrations/NNNN_name.sql files in lexical order, each once, each in its own
 * transaction, and records them in schema_migrations. History is append-only: a recorded migration
 * whose file changed or disappeared stops the start with a clear message instead of silently
 * diverging from what production ran. A migration must not contain BEGIN/COMMIT or PRAGMA
 * foreign_keys (both are meaningless inside the surrounding transaction).
 * Returns the names applied by this run.
 */
export function migrate(db: Db, options: MigrateOptions = {}): string[] {
  const dir = options.dir ?? MIGRATIONS_DIR;
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    name TEXT PRIMARY KEY,
    checksum TEXT NOT NULL,
    applied_at TEXT NOT NULL
  ) STRICT`);

  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const badName = files.find((f) => !FILE_PATTERN.test(f));
  if (badName) throw new MigrationError(`Migration file ${badName} is not named NNNN_name.sql (lower case).`);

  const applied = new Map(
    (db.prepare('SELECT name, checksum FROM schema_migrations').all() as Array<{ name: string; checksum: string }>).map(
      (row) => [row.name, row.checksum],
    ),
  );
  const sources = new Map(files.map((f) => [f.replace(/\.sql$/, ''), readFileSync(join(dir, f), 'utf8')]));

  for (const [name, checksum] of applied) {
    const sql = sources.get(name);
    if (sql === undefined) {
      throw new MigrationError(
        `Migration ${name} was applied to this database but its file is missing from ${dir}. Migrations are append-only: restore the file.`,
      );
    }
    if (migrationChecksum(sql) !== checksum) {
      throw new MigrationError(
        `Migration ${name}.sql was changed after it was applied to this database (checksum mismatch). Migrations are append-only: restore the original file and put the change in a new migration.`,
      );
    }
  }

  const insert = db.prepare('INSERT INTO schema_migrations (name, checksum, applied_at) VALUES (?, ?, ?)');
  const done: string[] = [];
  for (const [name, sql] of sources) {
    if (applied.has(name)) continue;
    const apply = writeTransaction(db, () => {
      db.exec(sql);
      insert.run(name, migrationChecksum(sql), new Date().toISOString());
    });
    try {
      apply();
    } catch (error) {
      throw new MigrationError(`Migration ${name}.sql failed and was rolled back: ${(error as Error).message}`);
    }
    options.log?.info('migration applied', { migration: name });
    done.push(name);
  }
  return done;
}
