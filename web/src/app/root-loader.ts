import { redirect, type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Locale } from '@pharmaradar/shared/locales';
import { setApiLocale } from '../lib/api/api-locale';
import { browserLanguages, decideLocale, sessionStore } from '../lib/i18n/detect-locale';
import { localeLoader, type Messages } from '../lib/i18n/load-locale';
import { localeOfPath } from '../lib/router/localized-path';

export interface RootData {
  locale: Locale;
  messages: Messages;
}

/** Decides the language of the URL (and the first-visit home redirect), then loads its messages. */
export async function rootLoader({ request }: LoaderFunctionArgs): Promise<RootData> {
  const url = new URL(request.url);
  const decision = decideLocale({ pathname: url.pathname, languages: browserLanguages(), storage: sessionStore() });
  if (decision.redirectTo) throw redirect(`${decision.redirectTo}${url.search}`);
  const messages = await localeLoader.load(decision.locale);
  setApiLocale(decision.locale);
  return { locale: decision.locale, messages };
}

export const pathLocale = localeOfPath;

/** The messages only change with the URL language (or an explicit retry of the same URL). */
export function shouldRevalidateRoot({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  if (pathLocale(currentUrl.pathname) !== pathLocale(nextUrl.pathname)) return true;
  return currentUrl.href === nextUrl.href && defaultShouldRevalidate;
}
