import { describe, expect, it } from 'vitest';
import { createLogger, redact } from './log';

describe('logger', () => {
  it('keeps client input on one line (no forged log lines)', () => {
    const lines: string[] = [];
    const log = createLogger({ level: 'info', write: (line) => lines.push(line) });
    log.info('login failed\r\n2026-01-01T00:00:00.000Z INFO  admin logged in', { email: 'a@b.be\nINFO fake', n: 3 });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(/[\r\n]/);
    expect(lines[0]).toMatch(
      / INFO {2}login failed 2026-01-01T00:00:00\.000Z INFO {2}admin logged in email="a@b\.be INFO fake" n=3$/,
    );
  });

  it('honours the level and adds child fields', () => {
    const lines: string[] = [];
    const log = createLogger({ level: 'warn', write: (line) => lines.push(line) });
    log.info('hidden');
    log.child({ feature: 'search' }).warn('shown', { ms: 12 });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/WARN {2}shown feature=search ms=12$/);
    const silent: string[] = [];
    createLogger({ level: 'silent', write: (line) => silent.push(line) }).error('nothing');
    expect(silent).toEqual([]);
  });

  it('redact strips control characters and caps the length', () => {
    expect(redact('a\r\nb\u2028c\u0000d')).toBe('a b c d');
    expect(redact('x'.repeat(600))).toHaveLength(501);
  });
});
