// Search benchmarks (npm run bench): runs the full-size measurements of search-bench.ts and prints
// the table. bench.test.ts runs the same code at a reduced size so it cannot silently break.
import { formatReport } from './bench-report';
import { FULL_BENCH, runSearchBench } from './search-bench';
import { formatCatalogueBench, runCatalogueBench } from './catalogue-bench';
import { formatFeedBench, runFeedBench } from './feed-bench';
import { formatStartupBench, runStartupBench } from './startup-bench';
import { formatProductionBench, runProductionBench } from './production-bench';
import { BELGIUM, formatMarketCapacity, marketCapacity } from './market-capacity';
import { formatMarketBench, runMarketBench } from './market-bench';
import { loadEnv } from '../src/config/env';

runSearchBench(FULL_BENCH).then(
  async (report) => {
    console.log(formatReport(report));
    console.log(formatProductionBench(await runProductionBench()));
    console.log(formatCatalogueBench(await runCatalogueBench()));
    console.log(formatFeedBench(await runFeedBench()));
    console.log(formatStartupBench(await runStartupBench()));
    // The configured rate and freshness (MARKET_RATE_PER_SHOP, MARKET_FRESH_H), defaults otherwise.
    const { MARKET_RATE_PER_SHOP: intervalMs, MARKET_FRESH_H: freshHours } = loadEnv();
    const capacity = { ...BELGIUM, intervalMs, freshHours };
    console.log(formatMarketCapacity(capacity, marketCapacity(capacity)));
    console.log(formatMarketBench(await runMarketBench()));
    process.exit(0);
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
