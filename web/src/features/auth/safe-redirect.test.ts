import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './safe-redirect';

describe('safeRedirectPath', () => {
  it('keeps same-site relative paths with their query and hash', () => {
    expect(safeRedirectPath('/compte', '/')).toBe('/compte');
    expect(safeRedirectPath('/nl/nego?x=1#top', '/')).toBe('/nl/nego?x=1#top');
  });

  it.each([
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    'compte',
    '',
  ])('refuses %s', (from) => {
    expect(safeRedirectPath(from, '/fr')).toBe('/fr');
  });

  it('never returns to an auth screen', () => {
    expect(safeRedirectPath('/login?from=/compte', '/')).toBe('/');
    expect(safeRedirectPath('/nl/register', '/nl')).toBe('/nl');
    expect(safeRedirectPath('/reset-password/a/b', '/')).toBe('/');
  });

  it('falls back when absent', () => {
    expect(safeRedirectPath(null, '/en')).toBe('/en');
  });
});
