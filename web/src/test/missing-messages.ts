import type { IntlError } from '../lib/i18n/i18n-provider';

/**
 * Message ids a component asked for that no locale file defines, as "<locale> <id>", in the order
 * seen. react-intl would render the bare id: setup.ts fails the test instead.
 */
const missing = new Set<string>();

export function recordIntlError(error: IntlError): void {
  if (error.code !== 'MISSING_TRANSLATION') return;
  const id = 'descriptor' in error ? (error.descriptor as { id?: unknown } | undefined)?.id : undefined;
  const locale = /for locale "([^"]+)"/.exec(error.message)?.[1] ?? '?';
  missing.add(`${locale} ${typeof id === 'string' ? id : error.message}`);
}

/** The ids recorded since the last call, then forgets them. */
export function takeMissingMessages(): string[] {
  const ids = [...missing];
  missing.clear();
  return ids;
}
