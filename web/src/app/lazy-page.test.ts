import { describe, expect, it } from 'vitest';
import NotAvailablePage from '../features/not-available/not-available.page';
import { hasPage, lazyPage } from './lazy-page';

describe('lazyPage', () => {
  it('loads an existing page file as the route component', async () => {
    expect(hasPage('not-found/not-found')).toBe(false); // eager, outside the lazy set
    expect(hasPage('info/about')).toBe(true);
    const { Component } = await lazyPage('info/about')();
    expect(Component).not.toBe(NotAvailablePage);
  });

  it('shows the not-available page while a page file does not exist', async () => {
    expect(hasPage('nothing/not-built-yet')).toBe(false);
    const { Component } = await lazyPage('nothing/not-built-yet')();
    expect(Component).toBe(NotAvailablePage);
  });
});
