// The market store's capacity model (npm run bench, docs/decisions/234): given a number of pharmacies,
// a distribution of their Pro group sizes and the range of CNKs their groups draw from, how many
// distinct CNKs the refresh job keeps warm, how long a full pass takes per shop at the configured rate,
// and whether every price stays fresher than MARKET_FRESH_H.

interface CapacityInput {
  pharmacies: number;
  /** Share of the pharmacies (summing to 1) with a group of each size, in CNKs. */
  groupSizes: ReadonlyArray<{ share: number; size: number }>;
  /**
   * The CNKs the groups draw from (OTC and parapharmacy sold in pharmacies). Overlap follows from it:
   * each group picks its CNKs among these, independently of the others.
   */
  universe: number;
  /** MARKET_RATE_PER_SHOP as the least time between two requests to one shop, ms. */
  intervalMs: number;
  freshHours: number;
}

interface CapacityResult {
  distinctCnks: number;
  /** Time one shop's full pass takes, hours (every distinct CNK stale at once: the worst morning). */
  passHours: number;
  allFresh: boolean;
}

/**
 * Expected distinct CNKs: a CNK is in no group with probability Π (1 − size/universe) over the groups,
 * so the expected count is universe × (1 − that product). A pass asks each shop once per distinct CNK.
 */
export function marketCapacity(input: CapacityInput): CapacityResult {
  let logNone = 0;
  for (const { share, size } of input.groupSizes)
    logNone += input.pharmacies * share * Math.log1p(-Math.min(size, input.universe) / input.universe);
  const distinctCnks = Math.round(input.universe * (1 - Math.exp(logNone)));
  const passHours = (distinctCnks * input.intervalMs) / 3_600_000;
  return { distinctCnks, passHours, allFresh: passHours < input.freshHours };
}

/** Belgium: about 4,700 pharmacies, groups of 300 to 1,000 CNKs, about 20,000 OTC and parapharmacy CNKs. */
export const BELGIUM: Omit<CapacityInput, 'intervalMs' | 'freshHours'> = {
  pharmacies: 4700,
  groupSizes: [
    { share: 0.5, size: 300 },
    { share: 0.35, size: 600 },
    { share: 0.15, size: 1000 },
  ],
  universe: 20_000,
};

export function formatMarketCapacity(input: CapacityInput, result: CapacityResult): string {
  const groups = input.groupSizes.map((g) => `${Math.round(g.share * 100)} % × ${g.size}`).join(', ');
  return [
    '',
    `Market capacity model (${input.pharmacies} pharmacies; groups ${groups}; ${input.universe} CNKs to draw from)`,
    `  distinct CNKs kept warm      ${result.distinctCnks}`,
    `  full pass per shop           ${result.passHours.toFixed(1)} h at one request every ${input.intervalMs} ms`,
    `  all fresher than ${input.freshHours} h         ${result.allFresh ? 'yes' : 'no'}`,
  ].join('\n');
}
