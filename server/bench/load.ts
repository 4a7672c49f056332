// npm run load [-- --rate N --seconds N]  (or LOAD_RATE / LOAD_SECONDS): see load-test.ts, then
// load-scaling.ts (1 and 2 server processes, flat out, for the same number of seconds each).
import { parseArgs } from 'node:util';
import { formatLoadReport, LOAD_LIMITS, runLoad } from './load-test';
import { formatScalingReport, runScaling } from './load-scaling';

const { values } = parseArgs({
  options: { rate: { type: 'string' }, seconds: { type: 'string' } },
  allowPositionals: false,
});
const rate = Number(values.rate ?? process.env.LOAD_RATE ?? 100);
const seconds = Number(values.seconds ?? process.env.LOAD_SECONDS ?? 10);
console.log(
  `Starting a demo server and offering ${rate} req/s for ${seconds} s (limits: rate ${LOAD_LIMITS.rate.max}, ${LOAD_LIMITS.seconds.max} s)…`,
);

async function main(): Promise<number> {
  const report = await runLoad({ rate, seconds });
  console.log(formatLoadReport(report));
  console.log(`\nThen 1 and 2 server processes, flat out, ${report.options.seconds} s each…`);
  const scaling = await runScaling(report.options.seconds);
  console.log(formatScalingReport(scaling));
  return report.errors + scaling.rows.reduce((sum, r) => sum + r.errors, 0) > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error((error as Error).message);
    process.exit(2);
  },
);
