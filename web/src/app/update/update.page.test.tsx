import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { updateStore } from '../../lib/pwa/update-store';
import { renderWithProviders } from '../../test/render';
import UpdatePage from './update.page';

const rootVersion = (
  JSON.parse(readFileSync(join(process.env.PE_WEB_ROOT ?? '', '..', 'package.json'), 'utf8')) as { version: string }
).version;

afterEach(() => act(() => updateStore.dismiss()));

describe('update page', () => {
  it('shows the version of the build and what changed (en)', () => {
    renderWithProviders(<UpdatePage />, { locale: 'en', route: '/en/update' });
    expect(screen.getByRole('heading', { level: 1, name: 'Version and updates' })).toBeTruthy();
    expect(screen.getByTestId('app-version').textContent).toBe(rootVersion);
    expect(screen.getByTestId('update-latest').textContent).toBe('You have the latest version we know of.');
    const release = screen.getByTestId('release-0.1.0');
    expect(within(release).getByRole('heading').textContent).toBe('Version 0.1.0 — 23 November 2026');
    expect(within(release).getByText('Promotion codes on the Pro offer page.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reload to update' })).toBeNull();
  });

  it('offers "reload to update" once a new service worker waits, and applies it only when clicked (fr)', () => {
    renderWithProviders(<UpdatePage />, { locale: 'fr', route: '/update' });
    expect(screen.getByText('Nouveautés')).toBeTruthy();
    const apply = vi.fn();
    act(() => updateStore.setWaiting(apply));
    expect(screen.getByTestId('update-waiting').textContent).toContain('Une nouvelle version est prête.');
    expect(apply).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Recharger pour mettre à jour' }));
    expect(apply).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('update-waiting')).toBeNull();
  });

  it('speaks Dutch', () => {
    renderWithProviders(<UpdatePage />, { locale: 'nl', route: '/nl/update' });
    expect(screen.getByRole('heading', { level: 2, name: 'Wat is er nieuw' })).toBeTruthy();
    expect(screen.getByText('Kaart van de apotheken bij u in de buurt.')).toBeTruthy();
  });
});
