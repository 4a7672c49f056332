import { describe, expect, it } from 'vitest';
import { fromSyncedLine, toSyncedLine, updatedLine, emptyLine } from './group-line';
import { priceProduct } from './margin-engine';
import { DEFAULT_PRICING_SETTINGS } from './pricing.schema';
import { importedVat, kindVatUpdate, vatOfKind } from './vat-rule';

// docs/decisions/215: a line's VAT is the file's or the pharmacist's, else its kind's rate as the
// official catalogue knows it; an unknown kind gives no VAT and nothing is priced from an assumed one.

describe('the VAT of a line', () => {
  it('takes the file rate first, whatever the kind', () => {
    expect(importedVat(6, 'non-medicinal')).toEqual({ vatPercent: 6, vatSource: 'file' });
    expect(importedVat(21, 'medicine')).toEqual({ vatPercent: 21, vatSource: 'file' });
    expect(importedVat(0, null)).toEqual({ vatPercent: 0, vatSource: 'file' });
  });

  it('takes 6 % for a medicine and 21 % for a non-medicinal product when the file has no rate', () => {
    expect(vatOfKind('medicine')).toBe(6);
    expect(vatOfKind('non-medicinal')).toBe(21);
    expect(importedVat(null, 'medicine')).toEqual({ vatPercent: 6, vatSource: 'catalogue-medicine' });
    expect(importedVat(null, 'non-medicinal')).toEqual({ vatPercent: 21, vatSource: 'catalogue-non-medicinal' });
  });

  it('leaves the VAT to set when the kind is unknown or not yet asked: never 6 % by default', () => {
    expect(importedVat(null, null)).toEqual({ vatPercent: null, vatSource: null });
    expect(importedVat(null, undefined)).toEqual({ vatPercent: null, vatSource: null });
  });

  it('fills only a line without VAT: a VAT the pharmacist, a file or an older device gave is kept', () => {
    expect(kindVatUpdate({ cnk: '1000001', vatPercent: null }, 'non-medicinal')).toEqual({
      cnk: '1000001',
      vatPercent: 21,
      vatSource: 'catalogue-non-medicinal',
    });
    expect(kindVatUpdate({ cnk: '1000001', vatPercent: 6 }, 'non-medicinal')).toBeNull();
    expect(kindVatUpdate({ cnk: '1000001', vatPercent: null }, null)).toBeNull();
  });

  it('keeps its source with it through sync; a VAT synced without one has none, and one set by hand says so', () => {
    const line = { ...emptyLine('1000001'), vatPercent: 21, vatSource: 'catalogue-non-medicinal' as const };
    expect(toSyncedLine(line)).toEqual({ vat: 21, vatFrom: 'catalogue-non-medicinal' });
    expect(fromSyncedLine('1000001', { vat: 21, vatFrom: 'catalogue-non-medicinal' })).toEqual(line);
    expect(fromSyncedLine('1000001', { vat: 6 })).toMatchObject({ vatPercent: 6, vatSource: null });
    expect(updatedLine(line, { cnk: '1000001', vatPercent: 6, vatSource: 'pharmacist' })).toMatchObject({
      vatPercent: 6,
      vatSource: 'pharmacist',
    });
    expect(updatedLine(line, { cnk: '1000001', vatPercent: null })).toMatchObject({
      vatPercent: null,
      vatSource: null,
    });
    expect(updatedLine(line, { cnk: '1000001', name: 'Avène' })).toMatchObject({
      vatSource: 'catalogue-non-medicinal',
    });
  });
});

describe('Avène Very High Protection SPF 50+ cream, no VAT column in the file', () => {
  // A cosmetic: 21 % in Belgium. Market reference (median) 25.55 € incl. VAT, 30 % ideal margin, 20 %
  // minimum; purchase price 15.20 € excl. VAT. By hand: P_ex = 25.55 / 1.21 = 21.1157; C* = 0.7 × P_ex
  // = 14.78; margin = (21.1157 − 15.20) / 21.1157 = 28.02 %. At 6 % (the old default) P_ex = 24.1038,
  // C* = 16.87 and the margin 36.94 %: about 14 % too high a target purchase price.
  const offers = [24.9, 25.55, 26.2];
  const settings = DEFAULT_PRICING_SETTINGS;

  it('is priced at 21 % once the catalogue says it is non-medicinal', () => {
    const { vatPercent } = importedVat(null, 'non-medicinal');
    const card = priceProduct({ vatPercent, purchaseExVat: 15.2, offers }, settings);
    expect(card).toMatchObject({
      status: 'priced',
      vatPercent: 21,
      sellPriceInclVat: 25.55,
      recommendedPurchaseExVat: 14.78,
      marginAtCatalogueRatio: 0.2802,
    });
    const wrong = priceProduct({ vatPercent: 6, purchaseExVat: 15.2, offers }, settings);
    expect(wrong).toMatchObject({ recommendedPurchaseExVat: 16.87, marginAtCatalogueRatio: 0.3694 });
  });

  it('shows no computed price while its kind is unknown: only the market figures', () => {
    const { vatPercent } = importedVat(null, null);
    const card = priceProduct({ vatPercent, purchaseExVat: 15.2, offers }, settings);
    expect(card).toMatchObject({
      status: 'no_vat',
      vatPercent: null,
      lowestOffer: 24.9,
      marketReference: 25.55,
      sellPriceInclVat: null,
      sellPriceExVat: null,
      recommendedPurchaseExVat: null,
      minimumMarginCeilingExVat: null,
      marginAtCatalogueRatio: null,
      negotiation: null,
      minimumOutOfReach: false,
    });
  });
});
