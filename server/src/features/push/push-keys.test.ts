import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadEnv } from '../../config/env';
import { loadOrCreateVapidPair, VAPID_FILE, vapidKeys } from './push-keys';

// The VAPID pair: given (VAPID_*, validated at start-up) or generated once into DATA_DIR.

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'pharmaradar-vapid-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Starts a process that reads (or makes) the pair, as a server does at start-up; resolves its public key. */
function startProcess(dir: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/helpers/vapid-keys-process.ts', dir], {
      cwd: join(import.meta.dirname, '../../..'),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(err))));
  });
}

describe('VAPID keys', () => {
  it('are generated once into DATA_DIR, owner-only like secret.key, and the same at the next start', () => {
    const dir = dataDir();
    const first = loadOrCreateVapidPair(dir);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    expect(statSync(join(dir, VAPID_FILE)).mode & 0o777).toBe(0o600);
    expect(loadOrCreateVapidPair(dir)).toEqual(first);
    // Widened by hand: narrowed back at the next start.
    chmodSync(join(dir, VAPID_FILE), 0o644);
    expect(loadOrCreateVapidPair(dir)).toEqual(first);
    expect(statSync(join(dir, VAPID_FILE)).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual([VAPID_FILE]);
  });

  it('are one pair when several processes start at once on one DATA_DIR (a cluster)', async () => {
    const dir = dataDir();
    const keys = await Promise.all([startProcess(dir), startProcess(dir), startProcess(dir)]);
    expect(new Set(keys).size).toBe(1);
    expect(loadOrCreateVapidPair(dir).publicKey).toBe(keys[0]);
    expect(readdirSync(dir)).toEqual([VAPID_FILE]);
  }, 60_000);

  it('refuse a damaged key file instead of replacing it (every device would lose push)', () => {
    const dir = dataDir();
    writeFileSync(join(dir, VAPID_FILE), '{"publicKey":"x","privateKey":"y"}');
    expect(() => loadOrCreateVapidPair(dir)).toThrow(/Invalid VAPID key file/);
  });

  it('come from VAPID_* when set: all three or none, well-formed and matching', () => {
    const dir = dataDir();
    const pair = loadOrCreateVapidPair(dataDir());
    const base = { DATA_DIR: dir, PORT: '0' };
    const given = loadEnv({
      ...base,
      VAPID_PUBLIC_KEY: pair.publicKey,
      VAPID_PRIVATE_KEY: pair.privateKey,
      VAPID_SUBJECT: 'mailto:ops@example.be',
    });
    expect(vapidKeys(given)).toEqual({ ...pair, subject: 'mailto:ops@example.be' });
    expect(readdirSync(dir)).not.toContain(VAPID_FILE);

    expect(() => loadEnv({ ...base, VAPID_PUBLIC_KEY: pair.publicKey })).toThrow(
      /VAPID_PRIVATE_KEY: must be set with the other VAPID_\* variables\n {2}VAPID_SUBJECT/,
    );
    const other = loadOrCreateVapidPair(dataDir());
    expect(() =>
      loadEnv({
        ...base,
        VAPID_PUBLIC_KEY: pair.publicKey,
        VAPID_PRIVATE_KEY: other.privateKey,
        VAPID_SUBJECT: 'mailto:a@b.be',
      }),
    ).toThrow(/VAPID_PUBLIC_KEY: is not the public key of VAPID_PRIVATE_KEY/);
    expect(() =>
      loadEnv({
        ...base,
        VAPID_PUBLIC_KEY: pair.publicKey.slice(1),
        VAPID_PRIVATE_KEY: `${pair.privateKey}==`,
        VAPID_SUBJECT: 'http://example.be',
      }),
    ).toThrow(
      /VAPID_PUBLIC_KEY: must be an uncompressed P-256 public key[\s\S]*VAPID_PRIVATE_KEY: must be a P-256 private key[\s\S]*VAPID_SUBJECT: must be a mailto: address or an https URL/,
    );
    // None: the generated pair, signed for the public site when it is https.
    expect(vapidKeys(loadEnv({ ...base, PUBLIC_URL: 'https://pharmaradar.be/' })).subject).toBe(
      'https://pharmaradar.be',
    );
    expect(readdirSync(dir)).toContain(VAPID_FILE);
  });
});
