import { createContext } from 'react';
import { DEFAULT_LOCALE, type Locale } from '@pharmaradar/shared/locales';

export const LocaleContext = createContext<Locale>(DEFAULT_LOCALE);
