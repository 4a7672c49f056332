import { describe, expect, it } from 'vitest';
import { createLogger, isoTimeNow, maskEmails, redact } from './log';

describe('logger', () => {
  it('keeps client input on one line (no forged log lines)', () => {
    const lines: string[] = [];
    const log = createLogger({ level: 'info', write: (line) => lines.push(line) });
    log.info('login failed\r\n2026-01-01T00:00:00.000Z INFO  admin logged in', { email: 'a@b.be\nINFO fake', n: 3 });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(/[\r\n]/);
    expect(lines[0]).toMatch(
      / INFO {2}login failed 2026-01-01T00:00:00\.000Z INFO {2}admin logged in email="a…@b\.be INFO fake" n=3$/,
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

  it('writes one JSON object per line for a collector, with time, level, message and the fields', () => {
    const lines: Array<[string, string]> = [];
    const log = createLogger({ level: 'info', format: 'json', write: (line, level) => lines.push([line, level]) });
    log.child({ requestId: 'r-1' }).warn('slow shop\n{"level":"error"}', { retailer: 'farmaline', ms: 4100 });
    log.debug('hidden');
    expect(lines).toHaveLength(1);
    const [line, level] = lines[0]!;
    expect(level).toBe('warn');
    expect(line).not.toMatch(/\n/);
    const entry = JSON.parse(line) as Record<string, unknown>;
    expect(entry).toMatchObject({
      level: 'warn',
      message: 'slow shop {"level":"error"}',
      requestId: 'r-1',
      retailer: 'farmaline',
      ms: 4100,
    });
    expect(new Date(entry.time as string).toISOString()).toBe(entry.time);
  });

  it('writes the JSON access line as pino writes the same line, key for key', () => {
    const lines: string[] = [];
    const log = createLogger({ level: 'info', format: 'json', write: (line) => lines.push(line) }).child({ worker: 2 });
    const fields = {
      requestId: 'r-1',
      method: 'GET',
      path: '/api/search/',
      status: 429,
      durationMs: 3,
      ip: '10.0.0.1',
    };
    log.access(fields);
    log.info('request', fields);
    const [access, viaPino] = lines.map((line) => line.replace(/"time":"[^"]+"/, '"time":"T"'));
    expect(access).toBe(viaPino);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'info', message: 'request', worker: 2, status: 429 });
    // With no field at all, still one valid object.
    const bare: string[] = [];
    createLogger({ format: 'json', write: (line) => bare.push(line) }).access({
      requestId: 'r-2',
      method: 'GET',
      path: '/api/x',
      status: 200,
      durationMs: 0,
    });
    expect(JSON.parse(bare[0]!)).toMatchObject({ requestId: 'r-2', message: 'request' });
  });

  it('never writes a credential or a whole e-mail address, in either format', () => {
    for (const format of ['text', 'json'] as const) {
      const lines: string[] = [];
      const log = createLogger({ level: 'debug', format, write: (line) => lines.push(line) });
      log.info('mail sent to marie.dubois@example.be', {
        password: 'Secret pass 1',
        new_password: 'Secret pass 2',
        token: 'tok-123456',
        sessionCookie: 'cookie-value',
        authorization: 'Bearer abc',
        to: 'jan.peeters@apotheek.be',
        error: new Error('SMTP refused jan.peeters@apotheek.be'),
        code: 'SQLITE_BUSY',
      });
      const text = lines.join('\n');
      for (const secret of ['Secret pass', 'tok-123456', 'cookie-value', 'Bearer abc', 'marie.dubois', 'jan.peeters'])
        expect(text, format).not.toContain(secret);
      expect(text, format).toContain('m…@example.be');
      expect(text, format).toContain('SQLITE_BUSY');
    }
  });

  it('masks an address to its first letter and domain', () => {
    expect(maskEmails('to a.b+c@d.example.be and x@y.eu')).toBe('to a…@d.example.be and x…@y.eu');
  });
});

describe('isoTimeNow', () => {
  it('writes the time as toISOString does, whatever the millisecond, second or year', () => {
    const instants = [0, 1, 9, 10, 99, 100, 999, 1_000, 1_001, Date.UTC(2026, 10, 29, 23, 59, 59, 999)];
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2026, 0, 1) + 3_000; t += 7) instants.push(t);
    instants.push(Date.UTC(2026, 11, 31, 23, 59, 59, 999), Date.UTC(2027, 0, 1), Date.UTC(2099, 5, 30, 12, 0, 0, 5));
    for (const t of instants) expect(isoTimeNow(t), String(t)).toBe(new Date(t).toISOString());
  });
});
