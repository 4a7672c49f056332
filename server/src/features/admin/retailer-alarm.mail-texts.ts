import type { Locale } from '@pharmaradar/shared/locales';

// Wording of the shop alarm mails to staff (docs/decisions/136). {shop}, {since}, {failed}, {answered},
// {calls}, {kind}, {reason} and {link} are filled in by retailer-alarm.service.ts. The reason is the
// connector's own message (technical, in English), e.g. "robots.txt of host disallows /path".

export interface RetailerAlarmMailText {
  failingSubject: string;
  failing: string;
  recoveredSubject: string;
  recovered: string;
  /** A refused product feed (docs/decisions/171): raised on the first refusal, not on a share of calls. */
  feedFailing: string;
  feedRecovered: string;
  cause: string;
  follow: string;
  footer: string;
  kinds: Record<'error' | 'parse_failed' | 'timeout' | 'blocked' | 'feed_refused', string>;
}

export const RETAILER_ALARM_MAIL_TEXTS: Record<Locale, RetailerAlarmMailText> = {
  fr: {
    failingSubject: 'PharmaRadar : {shop} en panne',
    failing:
      '{shop} est en panne depuis le {since} : {failed} des {calls} recherches envoyées à cette pharmacie en ligne au cours de la dernière heure ont échoué.',
    recoveredSubject: 'PharmaRadar : {shop} fonctionne de nouveau',
    recovered:
      '{shop} fonctionne de nouveau : {answered} des {calls} recherches de la dernière heure ont abouti. La panne durait depuis le {since}.',
    feedFailing:
      'Le flux produits de {shop} a été refusé le {since} : {reason}. Le flux précédent reste utilisé pour les recherches.',
    feedRecovered: 'Le flux produits de {shop} a de nouveau été importé. Il était refusé depuis le {since}.',
    cause: 'Cause la plus fréquente : {kind} ({reason})',
    follow: 'Les consommateurs voient déjà quelle pharmacie en ligne n’a pas répondu. Suivi : {link}',
    footer:
      'Vous recevez cet e-mail parce que votre compte fait partie de l’équipe PharmaRadar. Au plus un e-mail de panne par pharmacie toutes les six heures, et un quand elle fonctionne de nouveau.',
    kinds: {
      error: 'erreur',
      parse_failed: 'page illisible',
      timeout: 'délai dépassé',
      blocked: 'bloquée',
      feed_refused: 'flux refusé',
    },
  },
  en: {
    failingSubject: 'PharmaRadar: {shop} is failing',
    failing:
      '{shop} has been failing since {since}: {failed} of the {calls} searches sent to this online pharmacy in the last hour failed.',
    recoveredSubject: 'PharmaRadar: {shop} works again',
    recovered:
      '{shop} works again: {answered} of the {calls} searches of the last hour were answered. It had been failing since {since}.',
    feedFailing:
      "{shop}'s product feed was refused on {since}: {reason}. The previous feed still answers the searches.",
    feedRecovered: "{shop}'s product feed was imported again. It had been refused since {since}.",
    cause: 'Most frequent cause: {kind} ({reason})',
    follow: 'Consumers already see which online pharmacy did not answer. Details: {link}',
    footer:
      'You are receiving this email because your account is on the PharmaRadar team. At most one failure email per online pharmacy every six hours, and one when it works again.',
    kinds: {
      error: 'error',
      parse_failed: 'unreadable page',
      timeout: 'timeout',
      blocked: 'blocked',
      feed_refused: 'feed refused',
    },
  },
  nl: {
    failingSubject: 'PharmaRadar: {shop} werkt niet',
    failing:
      '{shop} werkt niet sinds {since}: {failed} van de {calls} zoekopdrachten naar deze onlineapotheek in het afgelopen uur zijn mislukt.',
    recoveredSubject: 'PharmaRadar: {shop} werkt weer',
    recovered:
      '{shop} werkt weer: {answered} van de {calls} zoekopdrachten van het afgelopen uur kregen een antwoord. De storing duurde sinds {since}.',
    feedFailing:
      'De productfeed van {shop} werd geweigerd op {since}: {reason}. De vorige feed blijft de zoekopdrachten beantwoorden.',
    feedRecovered: 'De productfeed van {shop} werd opnieuw geïmporteerd. Hij werd geweigerd sinds {since}.',
    cause: 'Meest voorkomende oorzaak: {kind} ({reason})',
    follow: 'Consumenten zien al welke onlineapotheek niet antwoordde. Opvolging: {link}',
    footer:
      'U ontvangt deze e-mail omdat uw account deel uitmaakt van het PharmaRadar-team. Hoogstens één storingsmail per onlineapotheek om de zes uur, en één wanneer ze weer werkt.',
    kinds: {
      error: 'fout',
      parse_failed: 'onleesbare pagina',
      timeout: 'time-out',
      blocked: 'geblokkeerd',
      feed_refused: 'feed geweigerd',
    },
  },
};
