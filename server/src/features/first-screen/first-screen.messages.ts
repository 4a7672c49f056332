import type { Messages } from '../../lib/i18n';

// Answers of the drawn product page's prices (ADR 140). The page that asks starts the app on any of
// them, which says what went wrong in its own words; these are for any other client.
export const FIRST_SCREEN_MESSAGES = {
  pricesIncomplete: {
    fr: 'Les prix de toutes les pharmacies ne sont pas encore connus : la page les cherche elle-même.',
    en: 'Not every pharmacy’s price is known yet: the page looks them up itself.',
    nl: 'Nog niet elke apotheekprijs is bekend: de pagina zoekt ze zelf op.',
  },
  notDrawn: {
    fr: 'Les prix ne peuvent pas être affichés ainsi pour le moment : la page les affiche elle-même.',
    en: 'The prices cannot be drawn this way right now: the page shows them itself.',
    nl: 'De prijzen kunnen nu niet zo getoond worden: de pagina toont ze zelf.',
  },
  badQuery: {
    fr: 'Saisissez un nom de produit ou un CNK (120 caractères maximum).',
    en: 'Enter a product name or CNK (120 characters at most).',
    nl: 'Voer een productnaam of CNK in (maximaal 120 tekens).',
  },
  // A search address asked more often than the search's per-client limit allows (ADR 180).
  tooManySearches: {
    fr: 'Trop de recherches en peu de temps : réessayez dans une minute.',
    en: 'Too many searches in a short time: try again in a minute.',
    nl: 'Te veel zoekopdrachten in korte tijd: probeer het over een minuut opnieuw.',
  },
} satisfies Record<string, Messages>;
