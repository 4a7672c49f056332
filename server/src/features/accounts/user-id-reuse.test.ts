import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type Db } from '../../db/database';
import { migrate } from '../../db/migrate';
import { createUserRepository, type NewUser } from './user.repository';

const user = (email: string): NewUser => ({
  email,
  passwordHash: null,
  firstName: 'A',
  lastName: 'B',
  isPharmacist: false,
  emailVerified: true,
  locale: 'fr',
  termsAcceptedAt: null,
});

describe('account ids', () => {
  let dir: string, db: Db;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pharmaradar-ids-'));
    db = openDatabase(join(dir, 'test.db'));
    migrate(db);
  });
  afterEach(() => {
    closeDatabase(db);
    rmSync(dir, { recursive: true, force: true });
  });

  it("never gives a purged account's id to a new account", () => {
    const users = createUserRepository(db);
    users.insert(user('a@example.be'), 1);
    const last = users.insert(user('b@example.be'), 1);
    expect(users.deleteById(last)).toBe(true);
    const next = users.insert(user('c@example.be'), 2);
    expect(next).toBeGreaterThan(last);
  });
});
