// The export's texts come from the interface language (docs/architecture.md#pro-pricing): the UI passes them to the worker,
// which has no i18n of its own. Ids live in web/public/locales/<lang>/pro.json under pro.export.
import type { DeltaPosition, PricingStrategy } from '@pharmaradar/shared/pricing.schema';

export const EXPORT_COLUMNS = [
  'name',
  'official',
  'cnk',
  'lowestOffer',
  'marketReference',
  'vat',
  'cataloguePrice',
  'recommendedPurchase',
  'sellPrice',
  'margin',
  'targetMargin',
  'delta',
  'position',
  'discount',
  'discountAmount',
  'note',
] as const;
export type ExportColumn = (typeof EXPORT_COLUMNS)[number];

const META_KEYS = ['group', 'strategy', 'idealMargin', 'minMargin', 'date', 'source', 'vat'] as const;
/** The "prices read" line and the VAT note; `{shops}`, `{from}`, `{to}` are filled in by the writer. */
const SOURCE_KEYS = ['range', 'single', 'unknownShops', 'none', 'demo', 'vatNote'] as const;
const STRATEGIES = ['balanced', 'aggressive', 'conservative'] as const satisfies readonly PricingStrategy[];
const NOTES = [
  'alreadyBelowTarget',
  'minimumOutOfReach',
  'noOffers',
  'notFound',
  'retailerError',
  'invalidCnk',
  'excluded',
  'vatToSet',
] as const;
const POSITIONS = ['above', 'below', 'aligned'] as const satisfies readonly DeltaPosition[];

export type ExportLabels = {
  sheet: string;
  meta: Record<(typeof META_KEYS)[number], string>;
  source: Record<(typeof SOURCE_KEYS)[number], string>;
  strategies: Record<PricingStrategy, string>;
  columns: Record<ExportColumn, string>;
  notes: Record<(typeof NOTES)[number], string>;
  positions: Record<DeltaPosition, string>;
};

/** Every message id the export needs, for the UI to look up (and for the locale test to check). */
export function exportLabelIds(): string[] {
  return [
    'pro.export.sheet',
    ...META_KEYS.map((k) => `pro.export.meta.${k}`),
    ...SOURCE_KEYS.map((k) => `pro.export.source.${k}`),
    ...STRATEGIES.map((k) => `pro.strategy.${k}`),
    ...EXPORT_COLUMNS.map((k) => `pro.export.columns.${k}`),
    ...NOTES.map((k) => `pro.export.notes.${k}`),
    ...POSITIONS.map((k) => `pro.export.positions.${k}`),
  ];
}

/** The labels from a flat message table (react-intl's messages): a missing id throws, never a blank cell. */
export function exportLabelsFromMessages(messages: Readonly<Record<string, string>>): ExportLabels {
  const get = (id: string) => {
    const text = messages[id];
    if (!text) throw new Error(`missing export label ${id}`);
    return text;
  };
  const pick = <K extends string>(keys: readonly K[], prefix: string) =>
    Object.fromEntries(keys.map((k) => [k, get(`${prefix}.${k}`)])) as Record<K, string>;
  return {
    sheet: get('pro.export.sheet'),
    meta: pick(META_KEYS, 'pro.export.meta'),
    source: pick(SOURCE_KEYS, 'pro.export.source'),
    strategies: pick(STRATEGIES, 'pro.strategy'),
    columns: pick(EXPORT_COLUMNS, 'pro.export.columns'),
    notes: pick(NOTES, 'pro.export.notes'),
    positions: pick(POSITIONS, 'pro.export.positions'),
  };
}
