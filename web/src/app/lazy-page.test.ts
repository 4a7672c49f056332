import { describe, expect, it } from 'vitest';
import AboutPage from '../features/info/about.page';
import { ChunkLoadError } from './chunk-load';
import { lazyPage } from './lazy-page';

describe('lazyPage', () => {
  it('loads the page file a route names as the route component', async () => {
    const { Component } = await lazyPage(() => import('../features/info/about.page'))();
    expect(Component).toBe(AboutPage);
  });

  it('turns a page chunk that fails to load into a ChunkLoadError (the route error offers a reload)', async () => {
    const failing = lazyPage(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    await expect(failing()).rejects.toBeInstanceOf(ChunkLoadError);
  });
});
