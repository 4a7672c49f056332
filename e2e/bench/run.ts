// Browser benchmarks (npm run bench, after the server's and the web's): the Pro tool budgets on the built app.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from '../support/harness';
import { formatProBench, runProBench } from './pro-bench';

if (!existsSync(path.join(ROOT, 'web', 'dist', 'index.html'))) {
  console.log('web/dist is missing: building the web app for the browser benchmarks…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

runProBench().then(
  (report) => {
    console.log(formatProBench(report));
    process.exit(0);
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
