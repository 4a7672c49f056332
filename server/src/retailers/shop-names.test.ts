import { describe, expect, it } from 'vitest';
import { retailerDisplayName } from '../features/alerts/alerts.service';
import { shopDisplayName } from './shop-names';

describe('a shop as people read it', () => {
  it('is the configured name, else a page shop own spelling, else its id', () => {
    const names = { 'pharmacie-x': 'Pharmacie X' };
    expect(shopDisplayName('pharmacie-x', names)).toBe('Pharmacie X');
    expect(shopDisplayName('medimarket', names)).toBe('Medi-Market');
    expect(shopDisplayName('apotheek-zuid', names)).toBe('apotheek-zuid');
    // The price alert mail names a feed-only shop the same way.
    expect(retailerDisplayName('pharmacie-x', names)).toBe('Pharmacie X');
  });
});
