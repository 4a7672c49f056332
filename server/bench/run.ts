// Search benchmarks (npm run bench): runs the full-size measurements of search-bench.ts and prints
// the table. bench.test.ts runs the same code at a reduced size so it cannot silently break.
import { formatReport } from './bench-report';
import { FULL_BENCH, runSearchBench } from './search-bench';

runSearchBench(FULL_BENCH).then(
  (report) => {
    console.log(formatReport(report));
    process.exit(0);
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
