import type { Context } from 'hono';
import { DEFAULT_LOCALE, isLocale, matchLocale, type Locale } from '@pharmaradar/shared/locales';

export type Messages = Record<Locale, string>;

/** The language of the answer: `?lang=` first, then Accept-Language, else French. */
export function requestLocale(c: Context): Locale {
  const fromQuery = c.req.query('lang');
  if (isLocale(fromQuery)) return fromQuery;
  const header = c.req.header('accept-language');
  return header ? matchLocale(header) : DEFAULT_LOCALE;
}

export function localize(messages: Messages | string, locale: Locale): string {
  return typeof messages === 'string' ? messages : messages[locale];
}

/** Server-side texts shared by several features (error details mostly). */
export const COMMON_MESSAGES = {
  internal: {
    fr: 'Une erreur inattendue est survenue. Veuillez réessayer.',
    en: 'An unexpected error occurred. Please try again.',
    nl: 'Er is een onverwachte fout opgetreden. Probeer het opnieuw.',
  },
  notFound: {
    fr: 'Ressource introuvable.',
    en: 'Not found.',
    nl: 'Niet gevonden.',
  },
  methodNotAllowed: {
    fr: 'Méthode non autorisée.',
    en: 'Method not allowed.',
    nl: 'Methode niet toegestaan.',
  },
  payloadTooLarge: {
    fr: 'La requête est trop volumineuse.',
    en: 'The request is too large.',
    nl: 'Het verzoek is te groot.',
  },
  badRequest: {
    fr: 'Requête invalide.',
    en: 'Bad request.',
    nl: 'Ongeldig verzoek.',
  },
  invalidJson: {
    fr: 'Le contenu envoyé n’est pas du JSON valide.',
    en: 'The request body is not valid JSON.',
    nl: 'De inhoud van het verzoek is geen geldige JSON.',
  },
  unsupportedMediaType: {
    fr: 'Le contenu doit être envoyé en JSON.',
    en: 'The request body must be JSON.',
    nl: 'De inhoud moet als JSON worden verzonden.',
  },
  csrfFailed: {
    fr: 'La vérification de sécurité a échoué. Rechargez la page et réessayez.',
    en: 'Security check failed. Reload the page and try again.',
    nl: 'De veiligheidscontrole is mislukt. Laad de pagina opnieuw en probeer het nog eens.',
  },
  rateLimited: {
    fr: 'Trop de tentatives. Veuillez réessayer plus tard.',
    en: 'Too many attempts. Please try again later.',
    nl: 'Te veel pogingen. Probeer het later opnieuw.',
  },
  validation: {
    fr: 'Veuillez corriger les champs indiqués.',
    en: 'Please correct the highlighted fields.',
    nl: 'Corrigeer de aangeduide velden.',
  },
  required: {
    fr: 'Veuillez remplir tous les champs.',
    en: 'Please fill in all fields.',
    nl: 'Vul alle velden in.',
  },
  fieldRequired: {
    fr: 'Ce champ est obligatoire.',
    en: 'This field is required.',
    nl: 'Dit veld is verplicht.',
  },
  invalidEmail: {
    fr: 'Veuillez saisir une adresse e-mail valide.',
    en: 'Please enter a valid e-mail address.',
    nl: 'Vul een geldig e-mailadres in.',
  },
  tooLong: {
    fr: 'Ce texte est trop long.',
    en: 'This text is too long.',
    nl: 'Deze tekst is te lang.',
  },
  tooShort: {
    fr: 'Ce texte est trop court.',
    en: 'This text is too short.',
    nl: 'Deze tekst is te kort.',
  },
  invalidValue: {
    fr: 'Valeur invalide.',
    en: 'Invalid value.',
    nl: 'Ongeldige waarde.',
  },
  serviceUnavailable: {
    fr: 'Le service est momentanément indisponible. Réessayez dans quelques instants.',
    en: 'The service is temporarily unavailable. Please try again in a few moments.',
    nl: 'De dienst is tijdelijk niet beschikbaar. Probeer het over enkele ogenblikken opnieuw.',
  },
} satisfies Record<string, Messages>;
