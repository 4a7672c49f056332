// Browser benchmarks (npm run bench, after the server's and the web's): the Pro tool budgets and what
// a person on a slow phone feels, on the built app. `npm run bench -w e2e -- slow-phone` (or `pro`)
// runs one of them; `start-tasks` lists the long tasks of the app's start on the slow phone.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from '../support/harness';
import { formatProBench, runProBench } from './pro-bench';
import { runSlowPhoneBench } from './slow-phone-bench';
import { formatSlowPhoneBench } from './slow-phone-report';
import { formatStartTasks, runStartTasksBench } from './slow-phone-start-tasks';

const SECTIONS = {
  pro: async () => formatProBench(await runProBench()),
  'slow-phone': async () => formatSlowPhoneBench(await runSlowPhoneBench()),
  'start-tasks': async () => formatStartTasks(await runStartTasksBench()),
};
type Section = keyof typeof SECTIONS;
const isSection = (name: string): name is Section => Object.hasOwn(SECTIONS, name);

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !isSection(name));
if (unknown.length) {
  console.error(`Unknown bench section ${unknown.join(', ')}; known: ${Object.keys(SECTIONS).join(', ')}`);
  process.exit(2);
}
const sections = asked.length ? asked.filter(isSection) : (Object.keys(SECTIONS) as Section[]);

if (!existsSync(path.join(ROOT, 'web', 'dist', 'index.html'))) {
  console.log('web/dist is missing: building the web app for the browser benchmarks…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

try {
  // One after the other: each measures time on a machine the other would load.
  for (const name of sections) console.log(await SECTIONS[name]());
  process.exit(0);
} catch (error) {
  console.error(error);
  process.exit(1);
}
