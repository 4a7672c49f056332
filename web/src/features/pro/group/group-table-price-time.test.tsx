import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromSyncedLines } from '@pharmaradar/shared/group-line';
import type { Locale } from '@pharmaradar/shared/locales';
import { DEFAULT_PRICING_SETTINGS } from '@pharmaradar/shared/pricing.schema';
import type { ProOfferRecord } from '../../../db/db';
import { renderWithProviders } from '../../../test/render';
import { buildRows } from './group-rows';
import { GroupTable } from './group-table';

// Each analysed row says when its prices were read as a time in Belgian time (the store's or a shop's
// answer alike), its age under it; a row with no stored price says so.

const NOW = Date.parse('2026-11-28T08:10:00.000Z');
const offers = new Map<string, ProOfferRecord>([
  // 06:10 Brussels time, three hours before now.
  [
    '1000001',
    { cnk: '1000001', name: 'Dafalgan', status: 'found', offers: [10, 12], fetchedAt: '2026-11-28T05:10:00Z' },
  ],
  // 23:55 Brussels time the day before, across midnight in Brussels but not in UTC.
  ['1000002', { cnk: '1000002', name: 'Arnica', status: 'found', offers: [5], fetchedAt: '2026-11-27T22:55:00Z' }],
]);
const lines = fromSyncedLines(['1000001', '1000002', '1000003'], {
  '1000001': { vat: 6 },
  '1000002': { vat: 6 },
  '1000003': { vat: 6 },
});

function times(locale: Locale) {
  renderWithProviders(<GroupTable rows={buildRows(lines, offers, DEFAULT_PRICING_SETTINGS, NOW)} analysed />, {
    locale,
  });
  return within(screen.getByTestId('pro-group-table'))
    .getAllByTestId('row-age')
    .map((cell) => ({
      time: cell.querySelector('time')?.textContent ?? null,
      text: cell.textContent?.replace(/\s/g, ' '),
    }));
}

describe('the group table’s price times', () => {
  it('fr: "28/11 06:10" under "Prix relevés", the age under it', () => {
    expect(times('fr')).toEqual([
      { time: '28/11 06:10', text: '28/11 06:10il y a 3 heures' },
      { time: '27/11 23:55', text: '27/11 23:55il y a 9 heures' },
      { time: null, text: 'Aucun prix enregistré' },
    ]);
  });

  it('nl: "28/11 06:10" under "Prijzen opgehaald", the age under it', () => {
    expect(times('nl')).toEqual([
      { time: '28/11 06:10', text: '28/11 06:103 uur geleden' },
      { time: '27/11 23:55', text: '27/11 23:559 uur geleden' },
      { time: null, text: 'Geen opgeslagen prijs' },
    ]);
  });
});
