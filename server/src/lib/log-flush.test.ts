import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const LOG_MODULE = fileURLToPath(new URL('./log.ts', import.meta.url));

/** Runs `body` in a fresh Node process that has the logger as `createLogger`, answering its stdout lines. */
function linesOf(body: string): string[] {
  const script = `import { createLogger } from ${JSON.stringify(LOG_MODULE)};\n${body}`;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    encoding: 'utf8',
    timeout: 30_000,
  });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout.split('\n').filter(Boolean);
}

describe('lines written to stdout in batches', () => {
  it('writes every line logged before process.exit, in order', () => {
    const lines = linesOf(`
      const log = createLogger({ format: 'json' });
      for (let i = 0; i < 2000; i++) log.access({ requestId: 'r' + i, method: 'GET', path: '/api/x', status: 200, durationMs: 0 });
      process.exit(0);
    `);
    expect(lines).toHaveLength(2000);
    expect(lines.map((line) => (JSON.parse(line) as { requestId: string }).requestId)).toEqual(
      Array.from({ length: 2000 }, (_, i) => `r${i}`),
    );
  });

  it('leaves the write to a later turn of the event loop, off the request that logged it', () => {
    const lines = linesOf(`
      import { writeSync } from 'node:fs';
      const log = createLogger({ format: 'text' });
      for (let i = 0; i < 100; i++) log.info('line', { i });
      writeSync(1, 'same turn\\n');
    `);
    expect(lines[0]).toBe('same turn');
    expect(lines.slice(1)).toHaveLength(100);
    expect(lines[100]).toMatch(/INFO {2}line i=99$/);
  });
});
