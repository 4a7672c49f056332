import type { Messages } from '../../lib/i18n';

/** API error details of the staff admin. */
export const ADMIN_MESSAGES = {
  userNotFound: {
    fr: 'Aucun compte actif avec cet identifiant.',
    en: 'No active account with this id.',
    nl: 'Geen actieve account met deze id.',
  },
  datePast: {
    fr: 'La date de fin est déjà passée.',
    en: 'The end date is already past.',
    nl: 'De einddatum is al verstreken.',
  },
  invalidDate: {
    fr: 'Date invalide : utilisez AAAA-MM-JJ.',
    en: 'Invalid date: use YYYY-MM-DD.',
    nl: 'Ongeldige datum: gebruik JJJJ-MM-DD.',
  },
  cannotUnstaffSelf: {
    fr: 'Vous ne pouvez pas retirer votre propre accès staff.',
    en: 'You cannot remove your own staff access.',
    nl: 'U kunt uw eigen staftoegang niet intrekken.',
  },
} satisfies Record<string, Messages>;
