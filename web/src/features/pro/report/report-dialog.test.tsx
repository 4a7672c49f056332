import 'fake-indexeddb/auto';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PRICING_SETTINGS } from '@pharmaradar/shared/pricing.schema';
import { db, type ProReportRow } from '../../../db/db';
import { renderWithProviders } from '../../../test/render';
import { ReportDialog } from './report-dialog';
import { reportRow } from './report.test-support';

const GROUP = { id: 'g-1', name: 'Antidouleurs' };
const at = (iso: string) => Date.parse(iso);

async function store(analysedAt: number, strategy: 'balanced' | 'conservative', rows: ProReportRow[]) {
  await db.proReports.put({
    id: `r-${analysedAt}`,
    groupId: GROUP.id,
    analysedAt,
    settings: { ...DEFAULT_PRICING_SETTINGS, strategy },
    rows,
  });
}

const show = (locale: 'en' | 'fr' | 'nl') =>
  renderWithProviders(<ReportDialog group={GROUP} onClose={() => undefined} />, { locale });

beforeEach(async () => {
  await db.proReports.clear();
  // Another group's analysis never shows in this group's report.
  await db.proReports.put({
    id: 'other',
    groupId: 'g-2',
    analysedAt: at('2026-11-23T09:00:00Z'),
    settings: DEFAULT_PRICING_SETTINGS,
    rows: [],
  });
});
afterEach(() => vi.restoreAllMocks());

async function twoAnalyses() {
  // Oldest first, and one older still that the report must ignore.
  await store(at('2026-11-20T08:00:00Z'), 'balanced', [reportRow('1000001', 1, 1, 0.9, 'Dafalgan')]);
  await store(at('2026-11-21T08:00:00Z'), 'balanced', [
    reportRow('1000001', 10, 12, 0.2, 'Dafalgan'),
    reportRow('1000002', 5, 6, 0.3, 'Arnica'),
    reportRow('1000003', 7, 8, 0.25, 'Sinutab'),
  ]);
  await store(at('2026-11-22T08:00:00Z'), 'conservative', [
    reportRow('1000001', 10, 14.52, 0.3333, 'Dafalgan'),
    reportRow('1000002', 4.5, 6, 0.3, 'Arnica'),
    reportRow('1000004', 3, 4, null, 'Nurofen'),
  ]);
}

describe('group report', () => {
  it('en: says when there is no analysis yet, then when there is only one', async () => {
    const view = show('en');
    expect(await screen.findByText(/^No analysis of this group yet\./)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Print' })).toBeNull();
    view.unmount();
    await store(at('2026-11-21T08:00:00Z'), 'balanced', [reportRow('1000001', 10, 12, 0.2, 'Dafalgan')]);
    show('en');
    const status = await screen.findByText(/^Only one analysis so far/);
    expect(status.textContent).toContain('2026');
    expect(screen.queryByRole('button', { name: 'Print' })).toBeNull();
  });

  it('en: compares the latest analysis with the previous one and prints', async () => {
    await twoAnalyses();
    const print = vi.fn();
    vi.stubGlobal('print', print);
    show('en');
    const dialog = await screen.findByRole('dialog', { name: 'Report: Antidouleurs' });
    const table = await within(dialog).findByTestId('pro-report-table');
    const lines = within(table).getAllByRole('row').slice(1);
    expect(
      lines.map((l) => [l.getAttribute('data-cnk'), l.getAttribute('data-price'), l.getAttribute('data-margin')]),
    ).toEqual([
      ['1000001', 'same', 'up'],
      ['1000002', 'down', 'same'],
      ['1000004', 'new', 'none'],
      ['1000003', 'gone', 'none'],
    ]);
    expect(lines[0]!.textContent).toContain('Dafalgan');
    // en-BE writes percents with a decimal comma (lib/i18n formatPercent).
    expect(lines[0]!.textContent).toContain('20% → 33,33% (up)');
    expect(lines[0]!.textContent).toContain('€12.00 → €14.52');
    expect(lines[1]!.textContent).toContain('Down');
    expect(lines[1]!.textContent).toContain('€5.00 → €4.50');
    expect(lines[3]!.textContent).toContain('Gone');
    const summary = within(dialog).getByRole('list', { name: 'Summary' });
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '0 prices up',
      '1 price down',
      '1 new price',
      '1 price gone',
      '1 price unchanged',
      '1 margin up',
      '0 margins down',
    ]);
    expect(dialog.textContent).toContain(
      'The strategy changed between the two: Balanced (median) → Conservative (highest).',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });

  it('fr: the same report in French', async () => {
    await twoAnalyses();
    show('fr');
    const dialog = await screen.findByRole('dialog', { name: 'Rapport : Antidouleurs' });
    const table = await within(dialog).findByTestId('pro-report-table');
    const first = within(table).getAllByRole('row')[1]!;
    expect(first.textContent?.replace(/\s/g, ' ')).toContain('20 % → 33,33 % (en hausse)');
    expect(within(dialog).getByRole('list', { name: 'Résumé' }).textContent).toContain('1 prix en baisse');
    expect(dialog.textContent).toContain('Inchangé');
    expect(within(dialog).getByRole('button', { name: 'Imprimer' })).toBeTruthy();
  });

  it('fr: nothing to compare yet', async () => {
    await store(at('2026-11-21T08:00:00Z'), 'balanced', []);
    show('fr');
    expect(await screen.findByText(/^Une seule analyse pour l’instant/)).toBeTruthy();
  });
});
