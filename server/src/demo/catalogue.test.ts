import { describe, expect, it } from 'vitest';
import { isValidGtin } from '@pharmaradar/shared/gtin';
import { luhnValid } from '@pharmaradar/shared/cnk';
import { DEMO_PACKS } from '@pharmaradar/shared/testing/demo-packs';
import { RETAILER_IDS } from '../retailers/types';
import { findDemoProductByEan, findDemoProductBySlug, getDemoCatalogue } from './catalogue';
import { searchDemoCatalogue } from './catalogue-search';

const catalogue = getDemoCatalogue();

describe('demo catalogue', () => {
  it('holds at least 150 products with unique, Luhn-valid CNKs and unique slugs', () => {
    expect(catalogue.length).toBeGreaterThanOrEqual(150);
    expect(new Set(catalogue.map((p) => p.cnk)).size).toBe(catalogue.length);
    expect(catalogue.filter((p) => !luhnValid(p.cnk))).toEqual([]);
    expect(new Set(catalogue.map((p) => p.slug)).size).toBe(catalogue.length);
    expect(findDemoProductBySlug('dafalgan-500-mg-30-comprimes')?.name.nl).toBe('Dafalgan 500 mg 30 tabletten');
  });

  it('gives every product its own valid Belgian EAN-13, found by Farmaline only', () => {
    expect(new Set(catalogue.map((p) => p.ean)).size).toBe(catalogue.length);
    expect(catalogue.filter((p) => !isValidGtin(p.ean) || !p.ean.startsWith('54'))).toEqual([]);
    const dafalgan = findDemoProductBySlug('dafalgan-500-mg-30-comprimes')!;
    expect(findDemoProductByEan(dafalgan.ean)?.cnk).toBe(dafalgan.cnk);
    const soldByFarmaline = catalogue.find((p) => p.offers.farmaline)!;
    expect(searchDemoCatalogue(soldByFarmaline.ean, 'farmaline').map((p) => p.cnk)).toEqual([soldByFarmaline.cnk]);
    expect(searchDemoCatalogue(soldByFarmaline.ean, 'multipharma')).toEqual([]);
  });

  it('matches the packs the scan tests decode (shared/src/testing/demo-packs.ts)', () => {
    for (const pack of DEMO_PACKS) {
      const product = findDemoProductByEan(pack.ean);
      expect(product && { slug: product.slug, cnk: product.cnk, ean: product.ean, name: product.name.fr }).toEqual(
        pack,
      );
    }
  });

  it('keeps the real CNKs seen on retailer pages', () => {
    const byCnk = new Map(catalogue.map((p) => [p.cnk, p]));
    for (const [cnk, brand] of [
      ['4487039', 'Caudalie'],
      ['4886552', 'Caudalie'],
      ['4654430', 'Caudalie'],
      ['4873691', 'Caudalie'],
      ['3961125', 'Caudalie'],
      ['3720083', 'Ducray'],
      ['4505541', 'Etixx'],
      ['1303346', 'Imodium'],
    ]) {
      expect(byCnk.get(cnk!)?.brand, cnk).toBe(brand);
    }
  });

  it('has at least 5 prescription items, each sold somewhere so the filter is exercised', () => {
    const rx = catalogue.filter((p) => p.prescription);
    expect(rx.length).toBeGreaterThanOrEqual(5);
    for (const p of rx) expect(Object.keys(p.offers).length, p.name.fr).toBeGreaterThan(0);
  });

  it('every shop misses some products and has some out of stock; every product is sold by a default shop', () => {
    for (const id of RETAILER_IDS) {
      expect(catalogue.filter((p) => !p.offers[id]).length, id).toBeGreaterThan(0);
      expect(catalogue.filter((p) => p.offers[id] && !p.offers[id].inStock).length, id).toBeGreaterThan(0);
    }
    expect(catalogue.filter((p) => !p.offers.farmaline && !p.offers.medimarket && !p.offers.multipharma)).toEqual([]);
  });

  it('prices differ between shops, within 15 % of the reference', () => {
    const differing = catalogue.filter((p) => new Set(Object.values(p.offers).map((o) => o.price)).size > 1);
    expect(differing.length).toBeGreaterThan(catalogue.length * 0.8);
    for (const p of catalogue) {
      for (const o of Object.values(p.offers)) {
        expect(Math.abs(o.price / p.referencePrice - 1), p.name.fr).toBeLessThanOrEqual(0.16);
      }
    }
  });

  it('gives names in fr, nl and en that differ where the language does', () => {
    const gaviscon = catalogue.find((p) => p.name.fr.startsWith('Gaviscon Menthe'))!;
    expect(gaviscon.name).toEqual({
      fr: 'Gaviscon Menthe suspension buvable 300 ml',
      nl: 'Gaviscon Munt suspensie 300 ml',
      en: 'Gaviscon Mint oral suspension 300 ml',
    });
  });
});

describe('demo shop search', () => {
  it('"dafalgan" finds every Dafalgan product a shop sells, case and accents ignored', () => {
    const all = catalogue.filter((p) => p.brand === 'Dafalgan' && p.offers.farmaline);
    expect(searchDemoCatalogue('DAFALGAN', 'farmaline')).toEqual(all);
    expect(searchDemoCatalogue('dafalgan codeine', 'farmaline').map((p) => p.name.fr)).toEqual(
      all.filter((p) => p.name.fr.includes('Codéine')).map((p) => p.name.fr),
    );
    expect(searchDemoCatalogue('creme avene', 'multipharma').every((p) => p.brand === 'Avène')).toBe(true);
  });

  it('matches a CNK exactly, with or without spaces, and "1g" against "1 g"', () => {
    expect(searchDemoCatalogue('448 7039', 'farmaline').map((p) => p.cnk)).toEqual(
      catalogue.filter((p) => p.cnk === '4487039' && p.offers.farmaline).map((p) => p.cnk),
    );
    expect(searchDemoCatalogue('dafalgan forte 1g', 'multipharma').map((p) => p.name.fr)).toEqual([
      'Dafalgan Forte 1 g 40 comprimés',
    ]);
    expect(searchDemoCatalogue('   ', 'farmaline')).toEqual([]);
  });
});
