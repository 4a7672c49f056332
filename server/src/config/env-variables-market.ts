import { z } from 'zod';
import { integer } from './env-values';
import { variable } from './env-variable';

const RATE_UNITS_MS = { s: 1000, min: 60_000, h: 3_600_000 } as const;

/**
 * A request rate as people write it, `N/s`, `N/min` or `N/h` (N a whole number from 1 to 100), read as
 * the least time between two requests to one shop, in milliseconds.
 */
const requestRate = z
  .string()
  .trim()
  .regex(/^([1-9]\d?|100)\/(s|min|h)$/, { error: 'must be N/s, N/min or N/h with N a whole number from 1 to 100' })
  .transform((value) => {
    const [count, unit] = value.split('/') as [string, keyof typeof RATE_UNITS_MS];
    return RATE_UNITS_MS[unit] / Number(count);
  });

/** The market kept warm (docs/architecture.md#market-store): freshness, the refresh job's rate and rhythm. */
export const MARKET_VARIABLES = {
  MARKET_FRESH_H: variable(
    integer(1, 24 * 7).default(24),
    '24',
    'Hours a stored market price stays fresh (1 to 168): Pro answers a CNK whose prices are all younger from the store, without asking the shops; older ones are fetched live.',
  ),
  MARKET_RATE_PER_SHOP: variable(
    requestRate.default(1000),
    '1/s',
    'Most requests the market refresh job sends one shop (N/s, N/min or N/h, N from 1 to 100); live searches are never held by it.',
  ),
  MARKET_REFRESH_INTERVAL_MIN: variable(
    integer(0, 24 * 60).default(60),
    '60',
    'Minutes between two passes of the market refresh job over the wanted CNKs whose prices are no longer fresh (0 turns the job off).',
  ),
};
