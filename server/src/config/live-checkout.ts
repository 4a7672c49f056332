import type { Logger } from '../lib/log';
import { EnvError, STRIPE_VARIABLES, type Env } from './env';

/**
 * Live mode takes real payments: without the STRIPE_* values the local test checkout would stand in,
 * and its public test card makes anyone Pro. So live mode refuses to start without them, unless
 * BILLING_TEST_CHECKOUT=true says so on purpose, which is then warned at every start (ADR 123).
 * Checked by a composition with the checkout, the server's: the CLIs (backup, plan, a job's pass) take no payment.
 */
export function checkLiveCheckout(
  env: Pick<Env, 'RETAILERS_MODE' | 'BILLING_TEST_CHECKOUT' | (typeof STRIPE_VARIABLES)[number]>,
  log: Logger,
): void {
  if (env.RETAILERS_MODE !== 'live') return;
  const missing = STRIPE_VARIABLES.filter((name) => env[name] === undefined);
  if (missing.length === 0) return;
  if (!env.BILLING_TEST_CHECKOUT) {
    throw new EnvError(
      `Invalid configuration:\n  ${missing.join(', ')}: must be set in live mode (without them the local test ` +
        'checkout takes no payment and its public test card makes anyone Pro); ' +
        'set BILLING_TEST_CHECKOUT=true to start with the test checkout on purpose',
    );
  }
  log.warn('BILLING_TEST_CHECKOUT=true: live mode with the LOCAL TEST CHECKOUT, no payment is taken', {
    missing: missing.join(','),
  });
}
