import { describe, expect, it } from 'vitest';
import { marketReference, negotiation, priceDelta, priceGroup, priceProduct } from './margin-engine';
import { roundCents, roundRatio } from './money';
import { DEFAULT_PRICING_SETTINGS, type PricingSettings } from './pricing.schema';

// Every expected figure below was computed by hand from docs/architecture.md#pro-pricing (P = R to the cent, P_ex = P / (1 + v),
// C* = P_ex × (1 − ideal), C_min = P_ex × (1 − min), margin = (P_ex − c) / P_ex, discount = (c − C*) / c).
const settings = (strategy: PricingSettings['strategy']): PricingSettings => ({
  ...DEFAULT_PRICING_SETTINGS,
  strategy,
});
const THREE_OFFERS = [12.0, 15.0, 10.0];

describe('marketReference', () => {
  it('takes the lowest, the median or the highest offer by strategy, whatever their order', () => {
    expect(marketReference(THREE_OFFERS, 'aggressive')).toBe(10);
    expect(marketReference(THREE_OFFERS, 'balanced')).toBe(12);
    expect(marketReference(THREE_OFFERS, 'conservative')).toBe(15);
  });
  it('takes the mean of the two middle offers for an even count, and handles ties', () => {
    expect(marketReference([12.5, 9.99, 11.0, 10.49], 'balanced')).toBeCloseTo(10.745, 10);
    expect(marketReference([7.49, 5.99, 5.99], 'balanced')).toBe(5.99);
    expect(marketReference([5.99, 5.99], 'conservative')).toBe(5.99);
  });
  it('has no reference without a usable offer', () => {
    expect(marketReference([], 'balanced')).toBeNull();
    expect(marketReference([0, Number.NaN, -3], 'aggressive')).toBeNull();
  });
});

describe('priceProduct at 6 % VAT, min 20 %, ideal 30 %, offers 10.00 / 12.00 / 15.00', () => {
  // One worked example per strategy: the reference it sells at, and what follows from it.
  it.each([
    {
      strategy: 'balanced',
      story: 'sells at the median 12.00, catalogue 8.50 between the targets',
      card: {
        status: 'priced',
        lowestOffer: 10,
        sellPriceInclVat: 12,
        sellPriceExVat: 11.32,
        recommendedPurchaseExVat: 7.92,
        minimumMarginCeilingExVat: 9.06,
        targetMarginRatio: 0.3,
        minimumMarginRatio: 0.2,
        marginAtCatalogueRatio: 0.2492,
        delta: { ratio: 0.2, position: 'above' },
        negotiation: { kind: 'discount', ratio: 0.0682, amountExVat: 0.58 },
        minimumOutOfReach: false,
      },
    },
    {
      strategy: 'aggressive',
      story: 'sells at the lowest 10.00, catalogue 8.50 above both targets (minimum out of reach)',
      card: {
        sellPriceInclVat: 10,
        sellPriceExVat: 9.43,
        recommendedPurchaseExVat: 6.6,
        minimumMarginCeilingExVat: 7.55,
        marginAtCatalogueRatio: 0.099,
        delta: { ratio: 0, position: 'aligned' },
        negotiation: { kind: 'discount', ratio: 0.2235, amountExVat: 1.9 },
        minimumOutOfReach: true,
      },
    },
    {
      strategy: 'conservative',
      story: 'sells at the highest 15.00, catalogue 8.50 already below the target',
      card: {
        sellPriceInclVat: 15,
        sellPriceExVat: 14.15,
        recommendedPurchaseExVat: 9.91,
        minimumMarginCeilingExVat: 11.32,
        marginAtCatalogueRatio: 0.3993,
        delta: { ratio: 0.5, position: 'above' },
        negotiation: { kind: 'already_below_target' },
        minimumOutOfReach: false,
      },
    },
  ] as const)('$strategy: $story', ({ strategy, card }) => {
    expect(priceProduct({ vatPercent: 6, purchaseExVat: 8.5, offers: THREE_OFFERS }, settings(strategy))).toMatchObject(
      card,
    );
  });

  it('a catalogue price equal to the recommended price is already at target; one cent over the ceiling warns', () => {
    const at = (c: number) =>
      priceProduct({ vatPercent: 6, purchaseExVat: c, offers: THREE_OFFERS }, settings('balanced'));
    expect(at(7.92).negotiation).toEqual({ kind: 'already_below_target' });
    expect(at(7.93).negotiation).toEqual({ kind: 'discount', ratio: 0.0013, amountExVat: 0.01 });
    expect(at(9.06).minimumOutOfReach).toBe(false);
    expect(at(9.07).minimumOutOfReach).toBe(true);
  });
});

describe('priceProduct at 21 % VAT with one offer of 19.99', () => {
  it('prices from the single offer, aligned with the market', () => {
    const card = priceProduct({ vatPercent: 21, purchaseExVat: 12, offers: [19.99] }, DEFAULT_PRICING_SETTINGS);
    expect(card).toMatchObject({
      sellPriceInclVat: 19.99,
      sellPriceExVat: 16.52,
      recommendedPurchaseExVat: 11.56,
      minimumMarginCeilingExVat: 13.22,
      marginAtCatalogueRatio: 0.2736,
      delta: { ratio: 0, position: 'aligned' },
      negotiation: { kind: 'discount', ratio: 0.0367, amountExVat: 0.44 },
      minimumOutOfReach: false,
    });
    for (const strategy of ['aggressive', 'conservative'] as const) {
      expect(priceProduct({ vatPercent: 21, offers: [19.99] }, settings(strategy)).sellPriceInclVat).toBe(19.99);
    }
  });

  it('a catalogue price of 14.00 is above the minimum-margin ceiling', () => {
    const card = priceProduct({ vatPercent: 21, purchaseExVat: 14, offers: [19.99] }, DEFAULT_PRICING_SETTINGS);
    expect(card.minimumOutOfReach).toBe(true);
    expect(card.negotiation).toEqual({ kind: 'discount', ratio: 0.1743, amountExVat: 2.44 });
    expect(card.marginAtCatalogueRatio).toBe(0.1526);
  });

  it('without a catalogue price: prices shown, no margin, no discount, no warning', () => {
    const card = priceProduct({ vatPercent: 21, offers: [19.99] }, DEFAULT_PRICING_SETTINGS);
    expect(card.recommendedPurchaseExVat).toBe(11.56);
    expect(card.marginAtCatalogueRatio).toBeNull();
    expect(card.negotiation).toEqual({ kind: 'no_catalogue_price' });
    expect(card.minimumOutOfReach).toBe(false);
  });
});

describe('priceProduct edge cases', () => {
  it('with no offer: no_offers, every market figure empty, the targets kept', () => {
    const card = priceProduct({ vatPercent: 6, purchaseExVat: 4.2, offers: [] }, DEFAULT_PRICING_SETTINGS);
    expect(card).toEqual({
      status: 'no_offers',
      vatPercent: 6,
      purchaseExVat: 4.2,
      lowestOffer: null,
      marketReference: null,
      sellPriceInclVat: null,
      sellPriceExVat: null,
      recommendedPurchaseExVat: null,
      minimumMarginCeilingExVat: null,
      targetMarginRatio: 0.3,
      minimumMarginRatio: 0.2,
      marginAtCatalogueRatio: null,
      delta: null,
      negotiation: null,
      minimumOutOfReach: false,
    });
  });

  it('an even number of offers: the median 10.745 sells at 10.75 (half a cent rounds up)', () => {
    const card = priceProduct({ vatPercent: 6, offers: [12.5, 9.99, 11.0, 10.49] }, DEFAULT_PRICING_SETTINGS);
    expect(card.sellPriceInclVat).toBe(10.75);
    expect(card.sellPriceExVat).toBe(10.14);
    expect(card.recommendedPurchaseExVat).toBe(7.1);
    expect(card.delta).toEqual({ ratio: 0.0761, position: 'above' });
  });

  it('tied lowest offers: the median is the tied price, aligned', () => {
    const card = priceProduct({ vatPercent: 21, offers: [7.49, 5.99, 5.99] }, DEFAULT_PRICING_SETTINGS);
    expect(card.sellPriceInclVat).toBe(5.99);
    expect(card.delta).toEqual({ ratio: 0, position: 'aligned' });
  });

  it('a zero ideal margin recommends buying at the selling price excl. VAT', () => {
    const zero: PricingSettings = { minMarginPercent: 0, idealMarginPercent: 0, strategy: 'aggressive' };
    const card = priceProduct({ vatPercent: 6, offers: [10] }, zero);
    expect(card.recommendedPurchaseExVat).toBe(9.43);
    expect(card.minimumMarginCeilingExVat).toBe(9.43);
  });
});

describe('priceDelta', () => {
  it('is aligned within 0.5 % either side, bounds included, and above or below past it', () => {
    expect(priceDelta(10.05, 10)).toEqual({ ratio: 0.005, position: 'aligned' });
    expect(priceDelta(9.95, 10)).toEqual({ ratio: -0.005, position: 'aligned' });
    expect(priceDelta(10.06, 10)).toEqual({ ratio: 0.006, position: 'above' });
    expect(priceDelta(9.94, 10)).toEqual({ ratio: -0.006, position: 'below' });
    expect(priceDelta(8, 10)).toEqual({ ratio: -0.2, position: 'below' });
  });
});

describe('negotiation', () => {
  it('discount above the target, the warning at or below it, nothing without a catalogue price', () => {
    expect(negotiation(10, 8)).toEqual({ kind: 'discount', ratio: 0.2, amountExVat: 2 });
    expect(negotiation(8, 8)).toEqual({ kind: 'already_below_target' });
    expect(negotiation(5, 8)).toEqual({ kind: 'already_below_target' });
    expect(negotiation(null, 8)).toEqual({ kind: 'no_catalogue_price' });
  });
});

describe('rounding', () => {
  it('rounds half-cents away from zero despite binary floats', () => {
    expect(roundCents(1.005)).toBe(1.01);
    expect(roundCents(2.675)).toBe(2.68);
    expect(roundCents(-1.005)).toBe(-1.01);
    expect(roundCents(7.924528)).toBe(7.92);
    expect(roundRatio(0.24916)).toBe(0.2492);
  });
});

describe('priceGroup', () => {
  it('prices every product in order, keeping CNK and name', () => {
    const rows = priceGroup(
      [
        { cnk: '1234567', name: 'A', vatPercent: 6, purchaseExVat: null, offers: [10] },
        { cnk: '0123456', name: null, vatPercent: 21, purchaseExVat: 3, offers: [] },
      ],
      DEFAULT_PRICING_SETTINGS,
    );
    expect(rows.map((r) => [r.cnk, r.name, r.card.status])).toEqual([
      ['1234567', 'A', 'priced'],
      ['0123456', null, 'no_offers'],
    ]);
  });
});
