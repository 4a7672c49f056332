import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Runs a command-line tool of server/src/jobs as its npm script does (from source, in server/), with an
 * environment built only from `env`, never the developer's shell (not a test file itself). The listening
 * probe is preloaded: every port the process listens on is written into its output.
 */
export function runCli(tool: string, env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  const serverDir = fileURLToPath(new URL('../..', import.meta.url));
  const probe = fileURLToPath(new URL('../../test/helpers/listening-probe.ts', import.meta.url));
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--import', probe, `src/jobs/${tool}`], {
      cwd: serverDir,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => resolve({ code, out }));
  });
}
