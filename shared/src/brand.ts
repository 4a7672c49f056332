/** Product name and company identity, kept in one place (DESIGN.md: BRAND_NAME). */
export const BRAND_NAME = 'PharmaRadar';
export const BRAND_SHORT_NAME = 'PharmaRadar';
export const COMPANY = {
  legalName: 'PharmaRadar SRL',
  address: 'Rue de la Loi 16, 1000 Bruxelles, Belgique',
  vatNumber: 'BE 0793.456.218',
  contactEmail: 'contact@pharmaradar.be',
  privacyEmail: 'privacy@pharmaradar.be',
} as const;
export const THEME_COLOR = '#0f766e';
