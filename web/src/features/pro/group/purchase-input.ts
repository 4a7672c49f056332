// A purchase price as a Belgian pharmacist types it: "12,50" or "12.50", "€" and spaces allowed,
// empty to clear. Anything else is refused rather than guessed (a misread price would skew every
// advised price of the line on every device).
import { groupLineSchema } from '@pharmaradar/shared/group-line';
import type { Locale } from '@pharmaradar/shared/locales';
import { formatNumber } from '../../../lib/i18n/format';

/** What was typed: a price, none (empty: clears it), or not a price. */
export type PurchaseInput = { ok: true; value: number | null } | { ok: false };

const PRICE = /^\d{1,7}(?:[.,]\d{0,4})?$/;

export function parsePurchaseInput(text: string): PurchaseInput {
  const typed = text.replace(/[\s\u00a0€]/g, '');
  if (typed === '') return { ok: true, value: null };
  if (!PRICE.test(typed)) return { ok: false };
  const value = groupLineSchema.shape.purchaseExVat.safeParse(Number(typed.replace(',', '.')));
  return value.success ? { ok: true, value: value.data } : { ok: false };
}

/**
 * A stored purchase price as a field shows it for editing: the language's decimal separator, two
 * decimals (up to the four `parsePurchaseInput` reads, so no typed digit is lost), no grouping, no
 * "€". Read back by `parsePurchaseInput`, it gives the same price.
 */
export function formatPurchaseInput(value: number | null, locale: Locale): string {
  if (value === null) return '';
  return formatNumber(value, locale, { minimumFractionDigits: 2, maximumFractionDigits: 4, useGrouping: false });
}
