// npm run load [-- --rate N --seconds N]  (or LOAD_RATE / LOAD_SECONDS): see load-test.ts.
import { parseArgs } from 'node:util';
import { formatLoadReport, LOAD_LIMITS, runLoad } from './load-test';

const { values } = parseArgs({
  options: { rate: { type: 'string' }, seconds: { type: 'string' } },
  allowPositionals: false,
});
const rate = Number(values.rate ?? process.env.LOAD_RATE ?? 100);
const seconds = Number(values.seconds ?? process.env.LOAD_SECONDS ?? 10);
console.log(
  `Starting a demo server and offering ${rate} req/s for ${seconds} s (limits: rate ${LOAD_LIMITS.rate.max}, ${LOAD_LIMITS.seconds.max} s)…`,
);

runLoad({ rate, seconds }).then(
  (report) => {
    console.log(formatLoadReport(report));
    process.exit(report.errors > 0 ? 1 : 0);
  },
  (error: unknown) => {
    console.error((error as Error).message);
    process.exit(2);
  },
);
