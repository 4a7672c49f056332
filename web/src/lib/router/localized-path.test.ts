import { describe, expect, it } from 'vitest';
import { localeOfPath, localizePath, splitLocalePath, switchLanguagePath, toBarePath } from './localized-path';

describe('localized paths (docs/product.md#routes)', () => {
  it('splits the language prefix', () => {
    expect(splitLocalePath('/en/about?x=1')).toEqual({ prefix: 'en', rest: '/about?x=1' });
    expect(splitLocalePath('/nl')).toEqual({ prefix: 'nl', rest: '/' });
    expect(splitLocalePath('/about')).toEqual({ prefix: null, rest: '/about' });
    expect(splitLocalePath('/english/x')).toEqual({ prefix: null, rest: '/english/x' });
  });

  it('keeps bare paths bare and prefixes the others', () => {
    expect(localizePath('/about', null)).toBe('/about');
    expect(localizePath('/about', 'en')).toBe('/en/about');
    expect(localizePath('/', 'nl')).toBe('/nl');
    expect(localizePath('/?q=dafalgan', 'nl')).toBe('/nl?q=dafalgan');
  });

  it('maps /offers <-> /{lang}/pro and /pro <-> /{lang}/nego', () => {
    expect(localizePath('/offers', 'fr')).toBe('/fr/pro');
    expect(localizePath('/pro', 'fr')).toBe('/fr/nego');
    expect(localizePath('/pro?group=2', 'en')).toBe('/en/nego?group=2');
    expect(localizePath('/offers', null)).toBe('/offers');
    expect(localizePath('/pro', null)).toBe('/pro');
    expect(localizePath('/products/pro', 'fr')).toBe('/fr/products/pro');
    expect(toBarePath('/fr/pro')).toBe('/offers');
    expect(toBarePath('/nl/nego#groups')).toBe('/pro#groups');
    expect(toBarePath('/pro')).toBe('/pro');
    expect(toBarePath('/en')).toBe('/');
  });

  it('leaves prefixed and external URLs alone', () => {
    expect(localizePath('/en/about', 'nl')).toBe('/en/about');
    expect(localizePath('https://example.org/x', 'nl')).toBe('https://example.org/x');
    expect(localizePath('//evil.example/x', 'nl')).toBe('//evil.example/x');
  });

  it('switches the same page to another language', () => {
    expect(switchLanguagePath('/about', 'en')).toBe('/en/about');
    expect(switchLanguagePath('/en/about?x=1#top', 'nl')).toBe('/nl/about?x=1#top');
    expect(switchLanguagePath('/offers', 'nl')).toBe('/nl/pro');
    expect(switchLanguagePath('/en/pro', 'fr')).toBe('/fr/pro');
    expect(switchLanguagePath('/pro', 'en')).toBe('/en/nego');
    expect(switchLanguagePath('/nl', 'fr')).toBe('/fr');
    expect(switchLanguagePath('/reset-password/12/abc', 'nl')).toBe('/nl/reset-password/12/abc');
  });

  it('reads the language of a URL', () => {
    expect(localeOfPath('/nl/faq')).toBe('nl');
    expect(localeOfPath('/faq')).toBe('fr');
  });
});
