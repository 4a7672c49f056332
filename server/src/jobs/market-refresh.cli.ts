import { loadEnvOrExit } from '../config/env';
import { createLogger } from '../lib/log';
import { composeApp } from '../compose';

/**
 * `npm run market:refresh`: one pass of the market refresh job now, over DATA_DIR's wanted CNKs, with
 * the shops and every politeness rule the server uses (it composes the app as the server does, so demo
 * mode's shops answer too, but serves nothing: no port, no repeating job, ADR 252). Progress goes to
 * the log as the job writes it; the summary is printed at the end. Exit code 1 when a shop failed or
 * blocked.
 */
async function main(): Promise<void> {
  const env = loadEnvOrExit();
  const log = createLogger({ level: env.LOG_LEVEL, format: env.LOG_FORMAT }).child({ job: 'market-refresh' });
  const composed = await composeApp(env, { log, checkout: false });
  try {
    log.info('market refresh pass starting', {
      ratePerShopMs: env.MARKET_RATE_PER_SHOP,
      freshHours: env.MARKET_FRESH_H,
    });
    const summary = await composed.marketRefresh();
    const lines = summary.shops.map(
      (s) =>
        `${s.retailer.padEnd(14)} due ${String(s.due).padStart(6)}  refreshed ${String(s.refreshed).padStart(6)}` +
        `  failed ${String(s.failed).padStart(4)}  yielded ${String(s.yielded).padStart(4)}` +
        `  skipped ${String(s.skipped).padStart(4)}${s.stopped ? `  stopped: ${s.stopped}` : ''}`,
    );
    process.stdout.write(
      [
        `Market refresh: ${summary.wanted} wanted CNKs, pass took ${(summary.ms / 1000).toFixed(1)} s`,
        ...lines,
        '',
      ].join('\n'),
    );
    if (summary.shops.some((s) => s.failed > 0 || s.stopped)) process.exitCode = 1;
  } finally {
    await composed.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
