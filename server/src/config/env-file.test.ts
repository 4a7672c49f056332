import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvFileError, environmentWithEnvFile } from './env-file';
import { loadEnv } from './env';

const dir = () => mkdtempSync(join(tmpdir(), 'env-file-'));

describe('the .env file', () => {
  it('fills in what the environment does not set, and the environment wins', () => {
    const path = join(dir(), '.env');
    writeFileSync(path, '# a comment\nPORT=9123\nLOG_LEVEL="warn"\nMAIL_FROM=Shop <shop@example.be>\n');
    const merged = environmentWithEnvFile({ LOG_LEVEL: 'error' }, path);
    expect(merged).toMatchObject({ PORT: '9123', LOG_LEVEL: 'error', MAIL_FROM: 'Shop <shop@example.be>' });
    const env = loadEnv({ ...merged, DATA_DIR: dir() });
    expect(env.PORT).toBe(9123);
    expect(env.LOG_LEVEL).toBe('error');
  });

  it('is optional: without one the environment is used as it is', () => {
    const environment = { PORT: '8081' };
    expect(environmentWithEnvFile(environment, join(dir(), '.env'))).toBe(environment);
  });

  it('a value in it is validated like any other, naming the variable', () => {
    const path = join(dir(), '.env');
    writeFileSync(path, 'PORT=eighty\n');
    expect(() => loadEnv({ ...environmentWithEnvFile({}, path), DATA_DIR: dir() })).toThrow(/PORT/);
  });

  it('an unreadable file is an error naming it, not silently ignored', () => {
    const path = dir(); // a directory where the file should be: unreadable as a file, even for root
    expect(() => environmentWithEnvFile({}, path)).toThrow(EnvFileError);
    expect(() => environmentWithEnvFile({}, path)).toThrow(path);
  });
});
