import type { Locale } from './locales';

/** Product name and company identity, kept in one place. */
export const BRAND_NAME = 'PharmaRadar';
export const BRAND_SHORT_NAME = 'PharmaRadar';

/** The registered office and legal form as written in each interface language. */
const ADDRESS_BY_LOCALE = {
  fr: 'Rue de la Loi 16, 1000 Bruxelles, Belgique',
  nl: 'Wetstraat 16, 1000 Brussel, België',
  en: 'Rue de la Loi 16, 1000 Brussels, Belgium',
} as const satisfies Record<Locale, string>;

const LEGAL_NAME_BY_LOCALE = {
  fr: 'PharmaRadar SRL',
  nl: 'PharmaRadar BV',
  en: 'PharmaRadar SRL',
} as const satisfies Record<Locale, string>;

/**
 * `legalName` and `address` stay the French values for callers that predate the per-language ones
 * (e.g. the server's defaults); anything a user reads should go through `companyFor(locale)`.
 */
export const COMPANY = {
  legalName: LEGAL_NAME_BY_LOCALE.fr,
  address: ADDRESS_BY_LOCALE.fr,
  legalNameByLocale: LEGAL_NAME_BY_LOCALE,
  addressByLocale: ADDRESS_BY_LOCALE,
  vatNumber: 'BE 0793.456.218',
  contactEmail: 'contact@pharmaradar.be',
  privacyEmail: 'privacy@pharmaradar.be',
} as const;

export interface LocalizedCompany {
  legalName: string;
  address: string;
  vatNumber: string;
  contactEmail: string;
  privacyEmail: string;
}

/** The company identity in one interface language (legal form and address translated). */
export function companyFor(locale: Locale): LocalizedCompany {
  return {
    legalName: COMPANY.legalNameByLocale[locale],
    address: COMPANY.addressByLocale[locale],
    vatNumber: COMPANY.vatNumber,
    contactEmail: COMPANY.contactEmail,
    privacyEmail: COMPANY.privacyEmail,
  };
}

export const THEME_COLOR = '#0f766e';
