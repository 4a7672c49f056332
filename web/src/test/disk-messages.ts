import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locale } from '@pharmaradar/shared/locales';
import { flattenMessages } from '../lib/i18n/flatten';
import type { Messages } from '../lib/i18n/load-locale';
import { NAMESPACES, type Namespace } from '../lib/i18n/namespaces';

/** web/public/locales on disk: tests read the very files the app serves. */
export const LOCALES_DIR = join(process.env.PE_WEB_ROOT ?? process.cwd(), 'public', 'locales') + '/';

export function localeFile(locale: Locale, namespace: Namespace): string {
  return `${LOCALES_DIR}${locale}/${namespace}.json`;
}

export function readNamespaceFromDisk(locale: Locale, namespace: Namespace): unknown {
  const file = localeFile(locale, namespace);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as unknown) : {};
}

const cache = new Map<Locale, Messages>();

export function loadMessagesFromDisk(locale: Locale): Messages {
  const cached = cache.get(locale);
  if (cached) return cached;
  const messages: Messages = {};
  for (const ns of NAMESPACES) flattenMessages(readNamespaceFromDisk(locale, ns), ns, messages);
  cache.set(locale, messages);
  return messages;
}
