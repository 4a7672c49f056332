import { describe, expect, it } from 'vitest';
import { LOCALES } from '@pharmaradar/shared/locales';
import { parsePack, type Pack } from '@pharmaradar/shared/unit-price';
import { CATALOGUE_ROWS } from './catalogue.data';
import { getDemoCatalogue } from './catalogue';

// Every pack name of the demo catalogue, in its three languages, is read as the row's own pack.
const UNIT_OF: Record<string, Pack['unit']> = {
  tab: 'tablet',
  efftab: 'tablet',
  chew: 'tablet',
  orodisp: 'tablet',
  loz: 'tablet',
  caps: 'capsule',
  sachet: 'sachet',
  ampoule: 'ampoule',
  unidose: 'dose',
  pcs: 'piece',
  gum: 'piece',
  plaster: 'patch',
  patch: 'patch',
  ml: 'ml',
  g: 'g',
};

describe('unit prices of the demo catalogue', () => {
  const products = getDemoCatalogue();

  it.each(LOCALES)('reads every pack of the %s names', (locale) => {
    const wrong: string[] = [];
    products.forEach((product, index) => {
      const row = CATALOGUE_ROWS[index]!;
      const [count = '', unit = ''] = row.pack.split(' ');
      const expected = { count: Number(count.replace(',', '.')), unit: UNIT_OF[unit] };
      const name = product.name[locale];
      const pack = parsePack(name);
      if (pack?.count !== expected.count || pack.unit !== expected.unit)
        wrong.push(`${name}: ${JSON.stringify(pack)} instead of ${JSON.stringify(expected)}`);
    });
    expect(wrong).toEqual([]);
  });
});
