import { loadEnvOrExit } from '../config/env';
import { composeApp } from '../compose';

/**
 * `npm run alerts:check`: one pass of the price alerts' check now, as the repeating job does it (the
 * search through the shops, the e-mails, the push messages, which are sent before it ends), so an
 * operator can test the chain. It composes the app as the server does, without its checkout, and
 * serves nothing: no port, no repeating job (ADR 252). A running server's checks coalesce with it
 * through the database (a firing is pushed once whichever process finds it).
 */
async function main(): Promise<void> {
  const env = loadEnvOrExit();
  const composed = await composeApp(env, { checkout: false });
  try {
    const checks = await composed.alertChecks();
    const deliveries = await composed.pushDeliveries();
    console.log(
      `alerts checked: ${checks.checked} products, ${checks.mailed} e-mails, ${checks.pushed} push messages ` +
        `(then due again: ${deliveries.sent} sent, ${deliveries.removed} devices gone, ${deliveries.failed} given up)`,
    );
  } finally {
    await composed.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
