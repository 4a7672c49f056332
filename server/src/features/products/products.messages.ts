import type { Messages } from '../../lib/i18n';

/** API texts of the product pages (fr, en, nl). */
export const PRODUCTS_MESSAGES = {
  invalidCnk: {
    fr: 'CNK invalide : saisissez les 7 chiffres du code (6 si le premier est un zéro).',
    en: 'Invalid CNK: enter the 7 digits of the code (6 when the first is a zero).',
    nl: 'Ongeldige CNK: geef de 7 cijfers van de code in (6 als de eerste een nul is).',
  },
  invalidLanguage: {
    fr: 'Langue inconnue : choisissez fr, nl ou en.',
    en: 'Unknown language: choose fr, nl or en.',
    nl: 'Onbekende taal: kies fr, nl of en.',
  },
} satisfies Record<string, Messages>;
