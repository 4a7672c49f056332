import { loadEnvOrExit } from '../config/env';
import { startServer } from '../server';

/**
 * `npm run alerts:check`: one pass of the price alerts' check now, as the repeating job does it (the
 * search through the shops, the e-mails, the push messages, which are sent before it ends), so an
 * operator can test the chain. It composes the app as the server does, on a loopback port of its
 * own, with no repeating job; a running server's checks coalesce with it through the database
 * (a firing is pushed once whichever process finds it).
 */
async function main(): Promise<void> {
  const env = loadEnvOrExit();
  const running = await startServer({ ...env, HOST: '127.0.0.1', PORT: 0 }, { jobs: false });
  try {
    const checks = await running.alertChecks();
    const deliveries = await running.pushDeliveries();
    console.log(
      `alerts checked: ${checks.checked} products, ${checks.mailed} e-mails, ${checks.pushed} push messages ` +
        `(then due again: ${deliveries.sent} sent, ${deliveries.removed} devices gone, ${deliveries.failed} given up)`,
    );
  } finally {
    await running.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
