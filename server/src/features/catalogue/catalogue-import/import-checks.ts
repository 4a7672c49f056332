import type { CatalogueCounts, CatalogueRefusal } from '../../../lib/catalogue-lookup';
import { hasShrunk } from '../../../lib/shrink-rule';

// What an import must not do to the live catalogue (docs/decisions/197), judged once every row is
// written under the new generation and before it is swapped in.

export interface ImportChecks {
  /** Takes an export that keeps fewer than half of the live packs (a real, large withdrawal). */
  allowShrink?: boolean;
  /** Takes an export in which no public pack is read as free delivery. */
  acceptNoOtc?: boolean;
}

/** The live catalogue's counts (zero before any import). */
export interface LiveCounts {
  packs: number;
  prescription: number;
}

/** The first rule the new generation breaks, or null when it may be swapped in. */
export function refusalOf(
  counts: Pick<CatalogueCounts, 'packs' | 'prescription'>,
  live: LiveCounts,
  checks: ImportChecks,
): { refusal: CatalogueRefusal; message: string } | null {
  const { packs, prescription } = counts;
  if (packs === 0) return { refusal: 'no_pack', message: 'no current public-pharmacy pack' };
  // Free delivery is read from the wording of the mode's description (ADR 154): if that wording changed,
  // every medicine would come out prescription-only and vanish from the comparison.
  if (packs === prescription && !checks.acceptNoOtc) {
    return {
      refusal: 'no_otc',
      message:
        `none of the ${packs} public packs is free delivery (all prescription-only): the wording of the ` +
        'delivery modes may have changed (see the table); --accept-no-otc takes it',
    };
  }
  // The feeds' shrink rule, on the packs and on the prescription-only ones: losing those would also
  // drop their exclusions, and the shops' own flags would decide again.
  if (!checks.allowShrink && (hasShrunk(packs, live.packs) || hasShrunk(prescription, live.prescription))) {
    return {
      refusal: 'shrunk',
      message:
        `${packs} public packs (${prescription} prescription-only) where the live catalogue has ` +
        `${live.packs} (${live.prescription}): more than half of them would be gone; --allow-shrink takes it`,
    };
  }
  return null;
}
