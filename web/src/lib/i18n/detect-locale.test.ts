import { describe, expect, it } from 'vitest';
import { decideLocale, LANG_BOOTED_KEY } from './detect-locale';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    data,
  };
}

describe('decideLocale (docs/product.md#states)', () => {
  it('takes the language from the path prefix, whatever the browser says', () => {
    const storage = memoryStorage();
    expect(decideLocale({ pathname: '/nl/about', languages: ['en-GB'], storage })).toEqual({
      locale: 'nl',
      redirectTo: null,
    });
    expect(storage.data.get(LANG_BOOTED_KEY)).toBe('nl');
    expect(decideLocale({ pathname: '/en', languages: ['fr'], storage })).toEqual({ locale: 'en', redirectTo: null });
  });

  it('first bare visit on home with a Dutch browser redirects to /nl and remembers the choice', () => {
    const storage = memoryStorage();
    expect(decideLocale({ pathname: '/', languages: ['nl-BE', 'fr-BE'], storage })).toEqual({
      locale: 'fr',
      redirectTo: '/nl',
    });
    expect(storage.data.get(LANG_BOOTED_KEY)).toBe('nl');
  });

  it('matches the browser list in order and falls back to French', () => {
    expect(decideLocale({ pathname: '/', languages: ['de-DE', 'en-US'], storage: memoryStorage() }).redirectTo).toBe(
      '/en',
    );
    expect(decideLocale({ pathname: '/', languages: ['de-DE', 'es'], storage: memoryStorage() })).toEqual({
      locale: 'fr',
      redirectTo: null,
    });
    expect(decideLocale({ pathname: '/', languages: [], storage: memoryStorage() })).toEqual({
      locale: 'fr',
      redirectTo: null,
    });
  });

  it('a French browser stays on the bare home', () => {
    const storage = memoryStorage();
    expect(decideLocale({ pathname: '/', languages: ['fr-BE', 'nl'], storage })).toEqual({
      locale: 'fr',
      redirectTo: null,
    });
    expect(storage.data.get(LANG_BOOTED_KEY)).toBe('fr');
  });

  it('only home redirects: other bare pages are French (the URL decides)', () => {
    const storage = memoryStorage();
    expect(decideLocale({ pathname: '/about', languages: ['en'], storage })).toEqual({
      locale: 'fr',
      redirectTo: null,
    });
    expect(storage.data.get(LANG_BOOTED_KEY)).toBe('en');
  });

  it('never redirects again in the same session', () => {
    const storage = memoryStorage({ [LANG_BOOTED_KEY]: 'fr' });
    expect(decideLocale({ pathname: '/', languages: ['en'], storage })).toEqual({ locale: 'fr', redirectTo: null });
  });

  it('works without storage (private mode throws)', () => {
    const throwing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(decideLocale({ pathname: '/', languages: ['nl'], storage: throwing })).toEqual({
      locale: 'fr',
      redirectTo: '/nl',
    });
    expect(decideLocale({ pathname: '/en/faq', languages: ['nl'], storage: null })).toEqual({
      locale: 'en',
      redirectTo: null,
    });
  });
});
