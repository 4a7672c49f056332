import type { SearchStage } from './search.schema';

// When the search progress stages are announced (docs/product.md#states, docs/architecture.md#price-engine). The server applies this rule to
// the retailer answers as they arrive and the web test fixtures generate their streams from it, so
// both always agree on what a stream looks like. 'launching' opens every stream and 'complete' closes
// it; this rule only places the two stages in between.

/** The stages the rule places between 'launching' and 'complete'. */
export type MidStage = Exclude<SearchStage, 'launching' | 'complete'>;

/** One retailer's answer as far as the stages care: how many offers it brought. */
export type StageAnswer = { offers: number };

export type StageRule = {
  /**
   * Retailers that answered together (in the same moment), then how many are still awaited after
   * them; returns the stages to announce after their retailer events, in order.
   */
  answered(batch: readonly StageAnswer[], pending: number): MidStage[];
};

/**
 * - 'first_results' when the first retailer with offers answers;
 * - 'deep_analysis' when the next retailer(s) answer while at least one is still pending; skipped if
 *   every remaining retailer answers at once (it would be replaced by 'complete' straight away).
 * Answers arriving together with the first offers belong to the 'first_results' moment.
 */
export function createStageRule(): StageRule {
  let firstResults = false;
  let deepAnalysisDecided = false;
  return {
    answered(batch, pending) {
      if (batch.length === 0) return [];
      if (!firstResults) {
        if (!batch.some((answer) => answer.offers > 0)) return [];
        firstResults = true;
        return ['first_results'];
      }
      if (deepAnalysisDecided) return [];
      deepAnalysisDecided = true;
      return pending > 0 ? ['deep_analysis'] : [];
    },
  };
}
