import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@pharmaradar/shared/locales';
import { localeFile, readNamespaceFromDisk } from '../../test/disk-messages';
import { flattenMessages } from './flatten';
import { NAMESPACES } from './namespaces';

/** `{year}`, `{count, plural, ...}` -> the argument names a message expects. */
function argumentsOf(message: string): string[] {
  return [...message.matchAll(/\{\s*([A-Za-z0-9_]+)\s*[,}]/g)].map((m) => m[1] ?? '').sort();
}

describe('locale files (web/public/locales)', () => {
  it.each(LOCALES.flatMap((locale) => NAMESPACES.map((ns) => [locale, ns] as const)))(
    '%s/%s.json exists and is a JSON object',
    (locale, ns) => {
      expect(existsSync(localeFile(locale, ns)), `missing file ${locale}/${ns}.json`).toBe(true);
      const content = readNamespaceFromDisk(locale, ns);
      expect(typeof content === 'object' && content !== null && !Array.isArray(content)).toBe(true);
    },
  );

  it.each(NAMESPACES)('namespace %s has the same keys in fr, en and nl', (ns) => {
    const keys = Object.fromEntries(
      LOCALES.map((locale) => [locale, Object.keys(flattenMessages(readNamespaceFromDisk(locale, ns), ns)).sort()]),
    );
    for (const locale of LOCALES) {
      const missing = keys.fr?.filter((key) => !keys[locale]?.includes(key)) ?? [];
      const extra = keys[locale]?.filter((key) => !keys.fr?.includes(key)) ?? [];
      expect(missing, `keys missing in ${locale}/${ns}.json`).toEqual([]);
      expect(extra, `keys in ${locale}/${ns}.json but not in fr`).toEqual([]);
    }
  });

  it.each(NAMESPACES)('namespace %s has non-empty texts with the same {arguments} in every language', (ns) => {
    const tables = LOCALES.map((locale) => [locale, flattenMessages(readNamespaceFromDisk(locale, ns), ns)] as const);
    const fr = tables[0]?.[1] ?? {};
    for (const [locale, table] of tables) {
      for (const [key, text] of Object.entries(table)) {
        expect(text.trim(), `${locale}: ${key} is empty`).not.toBe('');
        if (key in fr) expect(argumentsOf(text), `${locale}: ${key} arguments`).toEqual(argumentsOf(fr[key] ?? ''));
      }
    }
  });
});
