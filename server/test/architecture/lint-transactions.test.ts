import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The transaction rule of eslint.config.js (ADR 187), run on made-up server files: a transaction that
// could begin DEFERRED is refused, so only db/write-transaction (BEGIN IMMEDIATE) opens one.

const REPO = fileURLToPath(new URL('../../../', import.meta.url));

async function transactionErrors(filePath: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: REPO });
  const [result] = await eslint.lintText(code, { filePath: `${REPO}${filePath}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

describe('lint rule: every transaction begins IMMEDIATE', () => {
  it.each([
    ['a deferred transaction called at once', 'db.transaction(() => 1)();'],
    ['a transaction kept for later', 'const run = db.transaction((n: number) => n);'],
    ['an immediate one built by hand', 'db.transaction(() => 1).immediate();'],
    ['a repository method of the same name', 'repo.transaction(() => 1);'],
    ['BEGIN', "db.exec('BEGIN');"],
    ['BEGIN DEFERRED, in lower case', "db.exec('begin deferred');"],
    ['BEGIN after another statement', 'db.exec(`COMMIT; BEGIN TRANSACTION`);'],
    ['a SAVEPOINT (a deferred transaction outside one)', "db.prepare('SAVEPOINT s').run();"],
  ])('refuses %s', async (_name, code) => {
    for (const file of ['server/src/features/pro/x.ts', 'server/src/jobs/x.cli.ts', 'server/src/db/x.ts']) {
      expect(await transactionErrors(file, `declare const db: any, repo: any;\n${code}\n`)).toEqual([
        expect.stringMatching(/writeTransaction \(db\/write-transaction/),
      ]);
    }
  });

  it.each([
    ['the helper', "import { writeTransaction } from '../../db/write-transaction';\nwriteTransaction(db, () => 1)();"],
    ['BEGIN IMMEDIATE', "db.exec('BEGIN IMMEDIATE');"],
    ['BEGIN EXCLUSIVE (the restore probe)', "db.exec('BEGIN EXCLUSIVE');"],
    ['a trigger body', "db.exec('CREATE TRIGGER t AFTER INSERT ON a BEGIN SELECT 1; END');"],
  ])('allows %s', async (_name, code) => {
    expect(await transactionErrors('server/src/features/pro/x.ts', `declare const db: any;\n${code}\n`)).toEqual([]);
  });

  it('leaves the web alone (IndexedDB transactions)', async () => {
    const code = "declare const idb: IDBDatabase;\nidb.transaction('searches');\n";
    expect(await transactionErrors('web/src/db/x.ts', code)).toEqual([]);
  });
});
