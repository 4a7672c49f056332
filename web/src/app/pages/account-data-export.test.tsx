import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serveAuthApi, testUser } from '../../test/fakes/auth-api-server';
import { renderWithProviders } from '../../test/render';
import AccountPage from './account.page';

const api = serveAuthApi();

const renderAccount = (locale: 'fr' | 'en' = 'en') => {
  const prefix = locale === 'fr' ? '' : `/${locale}`;
  return renderWithProviders(<AccountPage />, {
    locale,
    route: `${prefix}/compte`,
    path: `${prefix}/compte`,
    session: true,
  });
};

describe('account page: download my data', () => {
  // jsdom has no object URLs nor downloads: the browser's side is recorded instead.
  const saved: Array<{ blob: Blob; name: string }> = [];
  let blobs = new Map<string, Blob>();
  beforeEach(() => {
    saved.length = 0;
    blobs = new Map();
    URL.createObjectURL = (blob: Blob) => {
      const url = `blob:test/${blobs.size}`;
      blobs.set(url, blob);
      return url;
    };
    URL.revokeObjectURL = () => {};
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ blob: blobs.get(this.getAttribute('href') ?? '') as Blob, name: this.download });
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('saves the export as the file the server names', async () => {
    api.user = testUser();
    const document = { generated_at: '2026-03-31T08:00:00.000Z', user: testUser(), sessions: [], alerts: [] };
    api.on('GET /api/account/export/', {
      body: document,
      headers: { 'Content-Disposition': 'attachment; filename="pharmaradar-export-2026-03-31.json"' },
    });
    renderAccount('en');
    fireEvent.click(await screen.findByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('pharmaradar-export-2026-03-31.json');
    expect(JSON.parse(await saved[0]!.blob.text())).toEqual(document);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Download my data' })).toHaveProperty('disabled', false);
  });

  it('tells the user when the download fails, and saves nothing', async () => {
    api.user = testUser();
    api.on('GET /api/account/export/', { status: 500, body: { code: 'server_error', detail: 'Boom.' } });
    renderAccount('fr');
    fireEvent.click(await screen.findByRole('button', { name: 'Télécharger mes données' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Impossible de télécharger vos données pour le moment. Veuillez réessayer.',
    );
    expect(saved).toEqual([]);
  });
});
