import { loadEnvOrExit } from '../config/env';
import { formatCheck, runRetailersCheck } from './retailers-check';

// `npm run retailers:check [-- query…]`: asks each configured retailer for a known product by name and
// by CNK and says whether fetching and parsing still work. RETAILERS_MODE=demo (default) starts the demo
// shops itself; RETAILERS_MODE=live asks the real sites. Exit code 0 only when every retailer worked.

const env = loadEnvOrExit();
const queries = process.argv.slice(2).filter((a) => a.trim() !== '');
console.log(
  `Retailer check (${env.RETAILERS_MODE} mode, timeout ${env.RETAILER_TIMEOUT_MS} ms): ${env.RETAILERS.join(', ')}`,
);
const { results, ok } = await runRetailersCheck(env, queries.length ? queries : undefined);
console.log(formatCheck(results));
console.log(ok ? 'All configured retailers work.' : 'Some retailers failed.');
process.exit(ok ? 0 : 1);
