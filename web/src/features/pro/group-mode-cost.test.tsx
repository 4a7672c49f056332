import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PRICING_SETTINGS } from '@pharmaradar/shared/pricing.schema';
import type { ProCost } from '@pharmaradar/shared/pro.schema';
import { db } from '../../db/db';
import { sendJson } from '../../test/fakes/http-server';
import { renderWithProviders } from '../../test/render';
import { onlineWithOneGroup } from './data/one-group.test-support';
import { openGroup } from './group-mode.test-support';
import { serveProApi } from './pro-api.test-support';
import { ProductMode } from './product-mode';

// ADR 208: before an analysis runs, the tool says what it will take from the monthly allowance, and
// when its new CNKs do not fit, that nothing will be priced live (the stored prices are shown instead).

const ID = '0b7c2d4e-1f3a-4b5c-8d9e-0a1b2c3d4e5f';
const CNKS = ['1000001', '1000002', '1000003', '1000004'];
const cost = (over: Partial<ProCost>): ProCost => ({
  quota: 2000,
  used: 17,
  resetsOn: '2026-12-01',
  remaining: 1983,
  cost: 4,
  alreadyCharged: 0,
  invalid: 0,
  excluded: 0,
  fits: true,
  ...over,
});

let answer: ProCost;
const server = serveProApi((req, res) => {
  if (req.path === '/api/pro/usage/cost/') return sendJson(res, 200, answer);
  return sendJson(res, 500, { code: 'unexpected', detail: 'Not scripted.' });
});
beforeEach(async () => {
  server.received.length = 0;
  await onlineWithOneGroup({ id: ID, name: 'Rhume', cnks: CNKS });
  await db.proOffers.put({
    cnk: '1000001',
    name: 'Dafalgan',
    status: 'found',
    offers: [10, 12],
    fetchedAt: new Date(Date.now() - 60_000).toISOString(),
  });
});
afterEach(() => vi.restoreAllMocks());

const pricesAsked = () => server.received.filter((r) => r.path === '/api/pro/prices/');

describe('group mode: the cost of an analysis before it runs', () => {
  it.each([
    [
      'fr',
      'Analyser',
      /^Cette analyse utilisera 2 de vos 1\s983 CNK restants ce mois-ci\. 2 lignes déjà analysées ce mois-ci ne coûtent rien\.$/,
    ],
    [
      'nl',
      'Analyseren',
      /^Deze analyse gebruikt 2 van uw 1\.983 resterende CNK’s deze maand\. 2 rijen die deze maand al geprijsd zijn, kosten niets\.$/,
    ],
  ] as const)('%s: says how many of the remaining CNKs it will use', async (locale, analyse, text) => {
    answer = cost({ cost: 2, alreadyCharged: 2 });
    await openGroup(ID, locale);
    const note = await screen.findByTestId('pro-cost-analyse');
    expect(note.textContent).toMatch(text);
    expect(screen.getByRole('button', { name: analyse }).getAttribute('aria-describedby')).toBe(note.id);
    // Asked for the whole group, and nothing priced yet.
    const asked = server.received.filter((r) => r.path === '/api/pro/usage/cost/');
    expect(JSON.parse(asked.at(-1)!.body)).toEqual({ cnks: CNKS });
    expect(pricesAsked()).toEqual([]);
  });

  it.each([
    [
      'fr',
      'Analyser',
      'Cette analyse demande 4 nouveaux CNK, mais il n’en reste que 3 ce mois-ci : elle n’affichera que les prix enregistrés sur cet appareil, et rien ne sera analysé en direct ni décompté. Retirez des lignes, ou attendez le 1 décembre 2026, date du renouvellement du forfait. Les lignes déjà analysées ce mois-ci ne coûtent rien.',
    ],
    [
      'nl',
      'Analyseren',
      'Deze analyse vraagt 4 nieuwe CNK’s, maar er resten deze maand nog maar 3: ze toont alleen de prijzen die op dit toestel zijn opgeslagen, en er wordt niets live geprijsd of aangerekend. Verwijder rijen, of wacht tot 1 december 2026, wanneer het tegoed vernieuwd wordt. Rijen die deze maand al geprijsd zijn, kosten niets.',
    ],
  ] as const)('%s: over the allowance, says so and prices nothing live', async (locale, analyse, message) => {
    answer = cost({ used: 1997, remaining: 3, cost: 4, fits: false });
    await openGroup(ID, locale);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    fireEvent.click(screen.getByRole('button', { name: analyse }));
    // What the device stored is shown; the server was not asked to price.
    const table = await screen.findByTestId('pro-group-table');
    await waitFor(() => expect(within(table).getByText('Dafalgan')).toBeTruthy());
    expect(pricesAsked()).toEqual([]);
  });
});

describe('product mode: the cost of a CNK before it is priced', () => {
  const type = async (locale: 'fr' | 'nl', cnk: string) => {
    renderWithProviders(<ProductMode settings={DEFAULT_PRICING_SETTINGS} onUsage={() => undefined} />, { locale });
    fireEvent.change(await screen.findByRole('textbox', { name: 'CNK' }), { target: { value: cnk } });
    return screen.findByTestId('pro-cost-product');
  };

  it.each([
    ['fr', 'Analyser ce CNK utilisera 1 de vos 3 CNK restants ce mois-ci.'],
    ['nl', 'Deze CNK prijzen gebruikt 1 van uw 3 resterende CNK’s deze maand.'],
  ] as const)('%s: says what pricing the typed CNK will use', async (locale, message) => {
    answer = cost({ used: 1997, remaining: 3, cost: 1 });
    expect((await type(locale, '1000001')).textContent).toBe(message);
    expect(JSON.parse(server.received.findLast((r) => r.path === '/api/pro/usage/cost/')!.body)).toEqual({
      cnks: ['1000001'],
    });
  });

  it.each([
    [
      'fr',
      'Ce CNK n’a pas encore été analysé ce mois-ci et votre forfait mensuel est épuisé : il ne sera pas analysé, et rien ne sera décompté, avant le 1 décembre 2026.',
    ],
    [
      'nl',
      'Deze CNK is deze maand nog niet geprijsd en uw maandtegoed is opgebruikt: hij wordt niet geprijsd, en er wordt niets aangerekend, tot 1 december 2026.',
    ],
  ] as const)('%s: over the allowance, says so and does not price', async (locale, message) => {
    answer = cost({ used: 2000, remaining: 0, cost: 1, fits: false });
    const note = await type(locale, '1000001');
    expect(note.getAttribute('role')).toBe('alert');
    expect(note.textContent).toBe(message);
    const submit = screen.getByRole('button', { name: locale === 'fr' ? 'Voir les prix' : 'Prijzen ophalen' });
    expect(submit).toHaveProperty('disabled', true);
    fireEvent.submit(submit.closest('form')!);
    expect(pricesAsked()).toEqual([]);
  });
});
