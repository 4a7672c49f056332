import 'fake-indexeddb/auto';
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, afterEach, describe, expect, it, vi } from 'vitest';
import { serveSearchApi } from '../../test/fakes/serve-search-api';
import { renderWithProviders } from '../../test/render';
import HomePage from './home.page';
import { dafalganStream } from '../../features/search/testing/search-fixtures';
import { sse } from '../../test/fakes/search-api-server';
import { saveDafalganSearch } from '../../features/search/testing/saved-search-fixtures';
import { setConnection } from '../../test/connection';

const server = serveSearchApi();
afterEach(() => {
  vi.restoreAllMocks();
});

const searchRequests = () => server.requests.filter((r) => r.path.startsWith('/api/search'));

// The search machinery and the saved-searches list are lazy chunks in the app; here they are
// loaded once up front so the first test does not pay the module transform inside its timeouts.
beforeAll(async () => {
  await Promise.all([import('../../features/search/run-search'), import('../../features/search/recent-searches')]);
});

describe('live prices when the connection comes back', () => {
  it('replaces the saved prices with fresh ones by itself, with one search', async () => {
    await saveDafalganSearch('fr', 'name', 'dafalgan', { fetchedAt: '2026-01-02T08:00:00.000Z' });
    server.handle(sse(dafalganStream()));
    setConnection(false);
    renderWithProviders(<HomePage />, { locale: 'fr', route: '/?q=dafalgan' });
    expect((await screen.findByTestId('cached-notice')).textContent).toContain('Vous êtes hors ligne');
    expect(searchRequests()).toHaveLength(0);

    setConnection(true);
    await waitFor(() => expect(screen.getByTestId('search-stage').getAttribute('data-stage')).toBe('complete'));
    expect(screen.queryByTestId('cached-notice')).toBeNull();
    expect(searchRequests().map((r) => r.path)).toEqual(['/api/search?q=dafalgan&lang=fr']);
    expect(screen.getByText(/Prix relevés le 14/)).toBeTruthy();
  });
});
