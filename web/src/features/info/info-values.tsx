import { BRAND_NAME, companyFor } from '@pharmaradar/shared/brand';
import { type Locale } from '@pharmaradar/shared/locales';
import { PRO_PRICE_EUR } from '@pharmaradar/shared/pro-price';
import { formatPrice } from '../../lib/i18n/format';
import { useLocale } from '../../lib/i18n/use-locale';

/**
 * Company identity and the Pro price for message placeholders, in the page's language (sources:
 * shared/src/brand.ts, shared/src/pro-price.ts): the texts state the price the plans page charges.
 */
export function companyValues(locale: Locale) {
  const company = companyFor(locale);
  return {
    brand: BRAND_NAME,
    legalName: company.legalName,
    address: company.address,
    vat: company.vatNumber,
    proPrice: formatPrice(PRO_PRICE_EUR, locale),
  };
}

export function useCompanyValues() {
  return companyValues(useLocale());
}

/**
 * Date the legal texts were last revised: shown at the top of the legal notice and privacy policy,
 * to be changed together with the texts in public/locales/<locale>/info.json.
 */
export const INFO_TEXTS_UPDATED_ON = '2026-11-22';

export function MailLink({ email }: { email: string }) {
  return (
    <a className="info-mail" href={`mailto:${email}`}>
      {email}
    </a>
  );
}
