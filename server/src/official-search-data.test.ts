import { describe, expect, it } from 'vitest';
import type { SearchProduct } from '@pharmaradar/shared/search.schema';
import { importFiles } from './features/catalogue/catalogue-import/catalogue-import';
import { ampXml, exportMembers, quietLog, testDb } from './features/catalogue/catalogue-import/sam-export.test-support';
import { createCatalogueRepository } from './features/catalogue/catalogue.repository';
import { createCatalogueLookup } from './features/catalogue/catalogue.service';
import { createSearchOfficial } from './features/search/search-official';

// The official data the search puts on each product (ADR 158), read from a real catalogue imported
// from a small hand-written SAM export: the unit price from the official pack when the shop's title
// gives none, and a new import taking effect on the next answer.

const offer = (name: string, price: number): SearchProduct['offers'][number] => ({
  retailer: 'farmaline',
  name,
  price,
  currency: 'EUR',
  url: null,
  best: true,
  brand: null,
  cnk: '0046128',
  searchedCode: null,
  image: null,
  inStock: true,
  unitPrice: null,
});

const product = (offers: SearchProduct['offers']): SearchProduct => ({
  cnk: '0046128',
  name: offers[0]!.name,
  brand: null,
  image: null,
  slug: null,
  offers,
});

describe('official data on search products', () => {
  const db = testDb();
  const repo = createCatalogueRepository(db);
  const load = (name: string, version: string) =>
    importFiles(repo, 'test', exportMembers(ampXml({ dafalganName: name })), {
      referenceDate: '2026-11-26',
      now: Date.now,
      log: quietLog,
      version,
    });
  const official = createSearchOfficial(createCatalogueLookup(repo), quietLog);

  it('prices per unit from the official pack where the shop title is ambiguous, never over a readable one', () => {
    load('Dafalgan 500 mg 30 comprimés', 'v1');
    const [shown] = official.withOfficial([product([offer('Dafalgan promo pack', 6)])], 'fr');
    expect(shown!.official).toMatchObject({ name: 'Dafalgan 500 mg', pack: 'Dafalgan 500 mg 30 comprimés' });
    expect(shown!.offers[0]!.unitPrice).toEqual({ amount: 0.2, per: 'tablet' });
    // A title that reads keeps its own unit price.
    const keeps = official.withOfficial(
      [product([{ ...offer('Dafalgan 20 comprimés', 4), unitPrice: { amount: 0.2, per: 'tablet' } }])],
      'fr',
    );
    expect(keeps[0]!.offers[0]!.unitPrice).toEqual({ amount: 0.2, per: 'tablet' });
  });

  it('a new import is read on the next answer; nl names, fr when the catalogue has none', () => {
    load('Dafalgan 500 mg 30 comprimés', 'v1');
    expect(official.withOfficial([product([offer('x', 1)])], 'en')[0]!.official?.pack).toBe(
      'Dafalgan 500 mg 30 comprimés',
    );
    expect(official.withOfficial([product([offer('x', 1)])], 'nl')[0]!.official?.pack).toBe('Dafalgan 500 mg tabl. 30');
    load('Dafalgan 500 mg 30 comprimés pelliculés', 'v2');
    expect(official.withOfficial([product([offer('x', 1)])], 'fr')[0]!.official?.pack).toBe(
      'Dafalgan 500 mg 30 comprimés pelliculés',
    );
  });
});
