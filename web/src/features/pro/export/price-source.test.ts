import { describe, expect, it } from 'vitest';
import type { ProOfferRecord } from '../../../db/db';
import { rememberRetailerNames } from '../../../lib/retailers';
import { priceSourceOf } from './price-source';

const record = (retailers: string[]): ProOfferRecord => ({
  cnk: '1000001',
  name: 'Dafalgan 1 g',
  status: 'found',
  offers: [],
  fetchedAt: '2026-11-26T09:00:00.000Z',
  retailers,
});

describe("the Pro export's shops line", () => {
  it('names a shop read only from its feed as the server named it, an unknown one by its id', () => {
    // What streamProPrices does with each answer's retailers (ADR 179).
    rememberRetailerNames([{ id: 'pharmacie-x', name: 'Pharmacie X' }]);
    const source = priceSourceOf([{ record: record(['pharmacie-x', 'farmaline', 'apotheek-zuid']) }], false);
    expect(source.shops).toEqual(['apotheek-zuid', 'Farmaline', 'Pharmacie X']);
  });
});
