import { z } from 'zod';
import { UNIT_PRICE_BASES, type UnitPrice } from './unit-price';

// Apart from the parser so that what the home page imports (labels, sort) does not pull zod in (ADR 036).
export const unitPriceSchema = z.object({
  amount: z.number().nonnegative(),
  per: z.enum(UNIT_PRICE_BASES),
}) satisfies z.ZodType<UnitPrice>;
