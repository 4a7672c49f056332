import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db } from '../../db/db';
import { renderWithProviders } from '../../test/render';
import HomePage from './home.page';
import { setUpHomePageSuite, waitForComplete } from './home-page.test-support';
import {
  dafalganResult,
  dafalganStream,
  retailerAnswer,
  searchStream,
} from '../../features/search/testing/search-fixtures';
import { sse } from '../../test/fakes/search-api-server';
import { setConnection } from '../../test/connection';

// Which searches end up in "Searches saved on this device", and under which name.
const server = setUpHomePageSuite();

describe('saved searches', () => {
  it('does not keep a search that found no product', async () => {
    const nothing = dafalganResult({
      query: 'xqzwvbnm',
      products: [],
      retailers: ['farmaline', 'medimarket', 'multipharma'].map((id) => ({ id, status: 'empty' as const, ms: 90 })),
    });
    server.handle(
      sse(
        searchStream(
          [[retailerAnswer('farmaline', []), retailerAnswer('medimarket', []), retailerAnswer('multipharma', [])]],
          nothing,
        ),
      ),
    );
    renderWithProviders(<HomePage />, { locale: 'fr', route: '/?q=xqzwvbnm' });
    await screen.findByTestId('no-results');
    // A search that finds something is saved through the same path: wait for it, then compare.
    server.handle(sse(dafalganStream()));
    fireEvent.change(screen.getByTestId('search-input'), { target: { value: 'dafalgan' } });
    fireEvent.click(screen.getByTestId('search-submit'));
    await waitFor(async () => expect(await db.searches.get('fr|name:dafalgan')).toBeTruthy());
    expect((await db.searches.toArray()).map((s) => s.query)).toEqual(['fr|name:dafalgan']);
  });

  it('lists a CNK search (a product page) under the product name, opening the CNK again', async () => {
    server.handle(sse(searchStream([], dafalganResult({ query: '3720083', kind: 'cnk' }))));
    renderWithProviders(<HomePage />, { locale: 'fr', route: '/?q=3720083' });
    await waitForComplete();
    await waitFor(async () =>
      expect((await db.searches.get('fr|cnk:3720083'))?.title).toBe('Dafalgan 500 mg 30 comprimés'),
    );

    setConnection(false);
    fireEvent.change(screen.getByTestId('search-input'), { target: { value: 'zinc' } });
    fireEvent.click(screen.getByTestId('search-submit'));
    const recent = await screen.findByTestId('recent-searches');
    const link = await within(recent).findByRole('link', { name: /Dafalgan 500 mg 30 comprimés/ });
    expect(link.getAttribute('href')).toBe('/?q=3720083');
    expect(within(recent).queryByText('3720083')).toBeNull();
  });
});
