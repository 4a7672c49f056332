import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../config/paths';
import { closeDatabase, openDatabase, type Db } from './database';
import { migrate, MigrationError } from './migrate';

let dir: string;
let migrations: string;
let db: Db;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pharmaradar-migrate-'));
  migrations = join(dir, 'migrations');
  mkdirSync(migrations);
  db = openDatabase(join(dir, 'test.db'));
});
afterEach(() => {
  closeDatabase(db);
  rmSync(dir, { recursive: true, force: true });
});

const tables = () =>
  db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all() as string[];

describe('openDatabase', () => {
  it('opens in WAL with foreign keys, a busy timeout, synchronous=FULL and secure_delete', () => {
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    expect(db.pragma('secure_delete', { simple: true })).toBe(1);
  });
});

describe('migrate', () => {
  it('applies every project migration to a fresh database, then none on the second run', () => {
    const files = readdirSync(MIGRATIONS_DIR)
      .filter((f) => f.endsWith('.sql'))
      .sort();
    const first = migrate(db);
    expect(first).toEqual(files.map((f) => f.replace(/\.sql$/, '')));
    expect(first[0]).toBe('0001_foundation');
    expect(tables()).toContain('contact_messages');
    expect(migrate(db)).toEqual([]);
    const recorded = db
      .prepare('SELECT name, checksum, applied_at FROM schema_migrations ORDER BY name')
      .all() as Array<{
      name: string;
      checksum: string;
      applied_at: string;
    }>;
    expect(recorded.map((r) => r.name)).toEqual(first);
    for (const row of recorded) {
      expect(row.checksum).toMatch(/^[0-9a-f]{64}$/);
      expect(Number.isNaN(Date.parse(row.applied_at))).toBe(false);
    }
  });

  it('applies in lexical order and only the new files later', () => {
    writeFileSync(
      join(migrations, '0002_b.sql'),
      'CREATE TABLE b (id INTEGER PRIMARY KEY, a_id INTEGER REFERENCES a(id));',
    );
    writeFileSync(join(migrations, '0001_a.sql'), 'CREATE TABLE a (id INTEGER PRIMARY KEY);');
    expect(migrate(db, { dir: migrations })).toEqual(['0001_a', '0002_b']);
    writeFileSync(join(migrations, '0003_c.sql'), 'ALTER TABLE a ADD COLUMN c TEXT;');
    expect(migrate(db, { dir: migrations })).toEqual(['0003_c']);
    expect(tables()).toEqual(['a', 'b', 'schema_migrations']);
  });

  it('refuses to start when an applied migration file was changed', () => {
    const file = join(migrations, '0001_a.sql');
    writeFileSync(file, 'CREATE TABLE a (id INTEGER PRIMARY KEY);');
    migrate(db, { dir: migrations });
    appendFileSync(file, '\nCREATE TABLE sneaky (id INTEGER);');
    expect(() => migrate(db, { dir: migrations })).toThrow(MigrationError);
    expect(() => migrate(db, { dir: migrations })).toThrow(/0001_a\.sql was changed after it was applied.*append-only/);
    expect(tables()).not.toContain('sneaky');
  });

  it('refuses to start when an applied migration file disappeared', () => {
    writeFileSync(join(migrations, '0001_a.sql'), 'CREATE TABLE a (id INTEGER PRIMARY KEY);');
    migrate(db, { dir: migrations });
    rmSync(join(migrations, '0001_a.sql'));
    expect(() => migrate(db, { dir: migrations })).toThrow(/0001_a was applied .* file is missing/);
  });

  it('rolls a failing migration back entirely and records nothing for it', () => {
    writeFileSync(join(migrations, '0001_a.sql'), 'CREATE TABLE a (id INTEGER PRIMARY KEY);');
    writeFileSync(
      join(migrations, '0002_broken.sql'),
      'CREATE TABLE half (id INTEGER);\nINSERT INTO a (id) VALUES (1);\nINSERT INTO no_such_table VALUES (1);',
    );
    expect(() => migrate(db, { dir: migrations })).toThrow(
      /0002_broken\.sql failed and was rolled back: no such table/,
    );
    expect(tables()).toEqual(['a', 'schema_migrations']);
    expect(db.prepare('SELECT count(*) FROM a').pluck().get()).toBe(0);
    expect(db.prepare('SELECT name FROM schema_migrations').pluck().all()).toEqual(['0001_a']);

    writeFileSync(join(migrations, '0002_broken.sql'), 'CREATE TABLE half (id INTEGER);');
    expect(migrate(db, { dir: migrations })).toEqual(['0002_broken']);
  });

  it('refuses badly named files', () => {
    writeFileSync(join(migrations, '1_Bad.sql'), 'SELECT 1;');
    expect(() => migrate(db, { dir: migrations })).toThrow(/1_Bad\.sql is not named NNNN_name\.sql/);
  });
});
