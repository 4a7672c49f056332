import { useContext } from 'react';
import type { Locale } from '@pharmaradar/shared/locales';
import { LocaleContext } from './locale-context';

/** The interface language (the one whose messages are shown), fr | en | nl. */
export function useLocale(): Locale {
  return useContext(LocaleContext);
}
