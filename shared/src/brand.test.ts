import { describe, expect, it } from 'vitest';
import { COMPANY, companyFor } from './brand';
import { LOCALES } from './locales';

describe('company identity per language', () => {
  it('writes the address and legal form in the language of the reader', () => {
    expect(companyFor('fr')).toMatchObject({
      legalName: 'PharmaRadar SRL',
      address: 'Rue de la Loi 16, 1000 Bruxelles, Belgique',
    });
    expect(companyFor('nl')).toMatchObject({
      legalName: 'PharmaRadar BV',
      address: 'Wetstraat 16, 1000 Brussel, België',
    });
    expect(companyFor('en')).toMatchObject({
      legalName: 'PharmaRadar SRL',
      address: 'Rue de la Loi 16, 1000 Brussels, Belgium',
    });
  });

  it('keeps one VAT number and the same e-mail addresses in every language', () => {
    for (const locale of LOCALES) {
      expect(companyFor(locale)).toMatchObject({
        vatNumber: 'BE 0793.456.218',
        contactEmail: COMPANY.contactEmail,
        privacyEmail: COMPANY.privacyEmail,
      });
    }
  });

  it('keeps the legacy fields as the French values', () => {
    expect(COMPANY.legalName).toBe(companyFor('fr').legalName);
    expect(COMPANY.address).toBe(companyFor('fr').address);
  });
});
