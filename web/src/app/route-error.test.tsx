import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { ChunkLoadError, isChunkLoadError, loadChunk } from './chunk-load';
import { RouteError } from './route-error';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('loadChunk', () => {
  it('turns a failed dynamic import into a ChunkLoadError', async () => {
    const failing = () =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/about-x1.js'));
    const error = await loadChunk(failing).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(isChunkLoadError(error)).toBe(true);
  });

  it('gives up after 120 s', async () => {
    vi.useFakeTimers();
    const pending = loadChunk(() => new Promise<never>(() => undefined)).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(119_999);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toBeInstanceOf(ChunkLoadError);
  });

  it('passes a loaded module through', async () => {
    await expect(loadChunk(() => Promise.resolve({ default: 'page' }))).resolves.toEqual({ default: 'page' });
  });

  it('recognises browser wordings of a failed chunk', () => {
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});

describe('RouteError', () => {
  function renderFailingRoute(error: Error, locale: 'fr' | 'en' | 'nl') {
    return renderWithProviders(<div />, {
      locale,
      route: '/page',
      routes: [
        {
          path: '/page',
          errorElement: <RouteError />,
          hydrateFallbackElement: <p>…</p>,
          lazy: () => loadChunk<{ Component: () => null }>(() => Promise.reject(error)),
        },
      ],
    });
  }

  it('offers a reload when a page chunk cannot be loaded (en)', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    renderFailingRoute(new TypeError('Failed to fetch dynamically imported module'), 'en');
    expect(await screen.findByRole('heading', { name: 'New version or connection problem' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('shows the chunk prompt in French and Dutch too', async () => {
    renderFailingRoute(new TypeError('Importing a module script failed.'), 'fr');
    expect(await screen.findByRole('heading', { name: 'Nouvelle version ou problème de connexion' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Recharger' })).toBeTruthy();
  });

  it('shows a generic error with a way home for other errors (nl)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithProviders(<div />, {
      locale: 'nl',
      route: '/nl/boom',
      routes: [
        {
          path: '/nl/boom',
          errorElement: <RouteError />,
          hydrateFallbackElement: <p>…</p>,
          loader: () => {
            throw new Error('boom');
          },
          element: <div />,
        },
      ],
    });
    expect(await screen.findByTestId('route-error')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Er is iets misgegaan' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Terug naar de startpagina' }).getAttribute('href')).toBe('/nl');
  });
});
