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
    '/.//evil.example',
    '/..//evil.example',
    '/./..//evil.example/x',
    '/%2e//evil.example',
    '/%2E%2E//evil.example',
    '/%2F/evil.example',
    '/%2f%2fevil.example',
    '/%5Cevil.example',
    '/%252F/evil.example',
    '/%09/evil.example',
    '/%E0%A4%A',
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

  it('keeps encoded characters of a same-site path', () => {
    expect(safeRedirectPath('/fr/recherche?q=a%2Fb', '/')).toBe('/fr/recherche?q=a%2Fb');
  });

  it('falls back when absent', () => {
    expect(safeRedirectPath(null, '/en')).toBe('/en');
  });
});
