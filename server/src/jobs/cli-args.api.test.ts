import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config/paths';
import { parseCliArgs } from './cli-args';

// Every command line refuses what it does not know (an unknown option, a missing value or argument)
// with its usage line and its error exit code, before it opens the database or touches anything.

const dataDir = mkdtempSync(join(tmpdir(), 'pharmaradar-cli-args-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs a server/src/jobs entry point as `npm run` does (tsx, from server/). */
function runCli(script: string, args: string[]) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'server/src/jobs', script), ...args], {
      cwd: join(REPO_ROOT, 'server'),
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        RETAILERS: 'farmaline',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

// [npm script, entry point, arguments otherwise valid, exit code of a refused command line]
const COMMANDS: Array<[string, string, string[], number]> = [
  ['plan', 'plan.cli.ts', ['a@example.be', 'pro'], 2],
  ['staff', 'staff.cli.ts', ['a@example.be'], 2],
  ['feeds:import', 'feeds-import.cli.ts', ['farmaline', 'feed.csv'], 2],
  ['catalogue:import', 'catalogue-import.cli.ts', ['export.zip'], 2],
  ['pharmacies:import', 'pharmacies-import.cli.ts', ['pharmacies.csv'], 2],
  ['restore', 'restore.cli.ts', ['backup.db'], 2],
  ['smoke', 'smoke.cli.ts', ['http://127.0.0.1:9'], 2],
  ['retailers:check', 'retailers-check.cli.ts', ['dafalgan'], 1],
  ['retailers:parse', 'retailers-parse.cli.ts', ['farmaline', 'page.html'], 1],
];

// Each run starts a Node process with tsx: seconds on a loaded machine, hence the long limits.
describe('command-line arguments', { timeout: 60_000 }, () => {
  it.each(COMMANDS)('npm run %s refuses an unknown option and changes nothing', async (name, script, args, code) => {
    const run = await runCli(script, [...args, '--nope']);
    expect(run.code).toBe(code);
    expect(run.stderr).toContain('unknown option --nope');
    expect(run.stderr).toMatch(new RegExp(`usage: npm run ${name}\\b`, 'i'));
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('refuses an option without its value, and a missing or extra argument', async () => {
    const noDate = await runCli('catalogue-import.cli.ts', ['export.zip', '--date']);
    expect(noDate.code).toBe(2);
    expect(noDate.stderr).toMatch(/--date <value>' argument missing[\s\S]*usage: npm run catalogue:import/);
    const noFile = await runCli('feeds-import.cli.ts', ['farmaline', '--allow-shrink']);
    expect(noFile.code).toBe(2);
    expect(noFile.stderr).toMatch(/usage: npm run feeds:import/);
    const extra = await runCli('restore.cli.ts', ['a.db', 'b.db']);
    expect(extra.code).toBe(2);
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('--help prints the usage line and exits 0', async () => {
    const help = await runCli('retailers-parse.cli.ts', ['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^usage: npm run retailers:parse -- <farmaline\|/);
  });
});

describe('parseCliArgs', () => {
  const spec = {
    usage: 'usage: x -- <a> [--date D] [--all]',
    options: { date: { type: 'string' }, all: { type: 'boolean' } },
    positionals: [1, 2],
  } as const;

  it('reads options in either spelling, anywhere among the arguments', () => {
    expect(parseCliArgs(['--date=2026-01-02', 'a', '--all'], spec)).toEqual({
      values: { date: '2026-01-02', all: true },
      positionals: ['a'],
    });
    expect(parseCliArgs(['a', '--date', '2026-01-02', 'b'], spec)).toEqual({
      values: { date: '2026-01-02' },
      positionals: ['a', 'b'],
    });
  });

  it('refuses an unknown option, a boolean given a value, and a count of arguments out of range', () => {
    expect(parseCliArgs(['a', '-x'], spec)).toEqual({ error: `unknown option -x\n${spec.usage}` });
    expect(parseCliArgs(['a', '--all=yes'], spec)).toHaveProperty('error');
    expect(parseCliArgs([], spec)).toEqual({ error: spec.usage });
    expect(parseCliArgs(['a', 'b', 'c'], spec)).toEqual({ error: spec.usage });
    expect(parseCliArgs(['a', '-h'], spec)).toEqual({ help: spec.usage });
  });
});
