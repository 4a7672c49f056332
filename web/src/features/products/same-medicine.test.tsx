import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EquivalentsResponse } from '@pharmaradar/shared/equivalents.schema';
import { setApiOrigin } from '../../lib/api/client';
import { formatPrice } from '../../lib/i18n/format';
import { serveSearchApi } from '../../test/fakes/serve-search-api';
import { json, startTestServer } from '../../test/fakes/search-api-server';
import { renderWithProviders } from '../../test/render';
import { SameMedicine } from './same-medicine';

const ANSWER: EquivalentsResponse = {
  cnk: '2322162',
  group: { code: '900001', name: 'Paracétamol 500 mg comprimé' },
  equivalents: [
    {
      cnk: '3833746',
      name: 'Perdolan 500 mg',
      pack: '30 comprimés',
      slug: 'perdolan-500-mg-30-comprimes',
      bestPrice: 2.49,
      unitPrice: { amount: 0.083, per: 'tablet' },
    },
    { cnk: '0700017', name: 'Algo 500 mg', pack: null, slug: null, bestPrice: null, unitPrice: null },
  ],
};

/** Formatted prices' narrow and no-break spaces as plain spaces. */
const spaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const plain = (el: Element | null | undefined) => spaces(el?.textContent ?? '');
const server = serveSearchApi();
const renderSection = (locale: 'fr' | 'en' | 'nl') =>
  renderWithProviders(
    <SameMedicine cnk="2322162" unitPrice={(unit) => <span data-testid="unit">{`${unit.amount}/${unit.per}`}</span>} />,
    { locale },
  );

describe('the same medicine in other packs, on the product page', () => {
  it('lists the packs with their best known price and unit price, and the pharmacist advice (fr)', async () => {
    server.handle(json(200, ANSWER));
    renderSection('fr');
    const items = await screen.findAllByTestId('same-medicine-item');
    expect(server.requests.map((r) => r.path)).toEqual(['/api/products/2322162/equivalents/?lang=fr']);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Même principe actif, même dosage, même forme');
    expect(screen.getByTestId('same-medicine-group').textContent).toBe('Paracétamol 500 mg comprimé');
    const link = within(items[0]!).getByRole('link', { name: 'Perdolan 500 mg – 30 comprimés' });
    expect(link.getAttribute('href')).toBe('/perdolan-500-mg-30-comprimes');
    expect(plain(within(items[0]!).getByTestId('same-medicine-price'))).toBe(
      `Meilleur prix connu : ${spaces(formatPrice(2.49, 'fr'))}`,
    );
    expect(within(items[0]!).getByTestId('unit').textContent).toBe('0.083/tablet');
    expect(within(items[1]!).queryByRole('link')).toBeNull();
    expect(plain(items[1])).toBe('Algo 500 mgPas encore de prix connu');
    expect(screen.getByTestId('same-medicine-advice').textContent).toMatch(/^Demandez conseil à votre pharmacien/);
  });

  it('asks in the reader language and says it in Dutch (nl)', async () => {
    server.handle(json(200, ANSWER));
    renderSection('nl');
    await screen.findAllByTestId('same-medicine-item');
    expect(server.requests.map((r) => r.path)).toEqual(['/api/products/2322162/equivalents/?lang=nl']);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Zelfde werkzame stof, sterkte en vorm');
    expect(screen.getByTestId('same-medicine-advice').textContent).toMatch(/^Vraag raad aan uw apotheker/);
  });

  it('shows a loading line, then hides the section when there is no other pack or no official group (en)', async () => {
    let answer: (() => void) | null = null;
    server.handle(async (_req, res) => {
      await new Promise<void>((resolve) => (answer = resolve));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ...ANSWER, equivalents: [] }));
    });
    renderSection('en');
    expect((await screen.findByTestId('same-medicine-loading')).textContent).toContain(
      'Looking for the same medicine in other packs…',
    );
    // The loading line may show before the request reaches the server (seen on Node 24).
    await waitFor(() => expect(answer).not.toBeNull());
    answer!();
    await waitFor(() => expect(screen.queryByTestId('same-medicine')).toBeNull());
  });

  it('hides the section for a code the catalogue does not know (404)', async () => {
    server.handle(json(404, { code: 'not_found', detail: 'Not found.' }));
    renderSection('en');
    await waitFor(() => expect(server.requests).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('same-medicine')).toBeNull());
  });

  it('shows an error with a retry that loads the packs (en)', async () => {
    server.handle(json(500, { code: 'internal', detail: 'x' }));
    renderSection('en');
    const alert = await screen.findByTestId('same-medicine-error');
    expect(alert.textContent).toContain('Unable to load the other packs of this medicine. Please try again.');
    server.handle(json(200, ANSWER));
    within(alert).getByRole('button', { name: 'Try again' }).click();
    expect(await screen.findAllByTestId('same-medicine-item')).toHaveLength(2);
  });

  it('says offline that the other packs are not available, with a retry (nl)', async () => {
    const gone = await startTestServer();
    await gone.close();
    setApiOrigin(gone.url);
    try {
      renderSection('nl');
      expect((await screen.findByTestId('same-medicine-offline')).textContent).toContain(
        'De andere verpakkingen van dit geneesmiddel zijn offline niet beschikbaar.',
      );
    } finally {
      setApiOrigin(server.url);
    }
  });
});
