import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEnv } from './env';

const dataDir = () => mkdtempSync(join(tmpdir(), 'log-format-'));

describe('LOG_FORMAT', () => {
  it('is json in production and text elsewhere, unless set', () => {
    expect(loadEnv({ DATA_DIR: dataDir(), NODE_ENV: 'production' }).LOG_FORMAT).toBe('json');
    expect(loadEnv({ DATA_DIR: dataDir() }).LOG_FORMAT).toBe('text');
    expect(loadEnv({ DATA_DIR: dataDir(), NODE_ENV: 'production', LOG_FORMAT: 'text' }).LOG_FORMAT).toBe('text');
  });

  it('refuses another value, naming the variable', () => {
    expect(() => loadEnv({ DATA_DIR: dataDir(), LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT: must be one of json, text/);
  });
});
