import { BRAND_NAME, COMPANY } from '@pharmaradar/shared';

/** Company identity for message placeholders: the one source is shared/src/brand.ts. */
export const COMPANY_VALUES = {
  brand: BRAND_NAME,
  legalName: COMPANY.legalName,
  address: COMPANY.address,
  vat: COMPANY.vatNumber,
} as const;

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
