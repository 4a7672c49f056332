import type { Messages } from '../../lib/i18n';

export const ALERTS_MESSAGES = {
  tooMany: {
    fr: 'Vous avez atteint le nombre maximum d’alertes. Supprimez-en une pour en créer une autre.',
    en: 'You have reached the maximum number of alerts. Delete one to set another.',
    nl: 'U hebt het maximum aantal alarmen bereikt. Verwijder er een om een nieuw in te stellen.',
  },
  notFound: {
    fr: 'Cette alerte n’existe pas.',
    en: 'This alert does not exist.',
    nl: 'Dit alarm bestaat niet.',
  },
  invalidCnk: {
    fr: 'Saisissez un CNK valide (6 à 7 chiffres).',
    en: 'Enter a valid CNK (6–7 digits).',
    nl: 'Voer een geldige CNK in (6–7 cijfers).',
  },
  // The official catalogue never offers this pack (prescription-only, suspended or withdrawn): no price to watch.
  notOffered: {
    fr: 'Ce produit n’est pas en vente libre en Belgique : aucune alerte de prix n’est possible.',
    en: 'This product is not sold over the counter in Belgium: no price alert can be set.',
    nl: 'Dit product is in België niet vrij verkrijgbaar: er kan geen prijsalarm worden ingesteld.',
  },
  invalidPrice: {
    fr: 'Saisissez un prix positif.',
    en: 'Enter a positive price.',
    nl: 'Voer een positieve prijs in.',
  },
  // E-mail off with no device that has push on: an alert would reach nobody.
  noChannel: {
    fr: 'Activez d’abord les notifications sur un appareil : sans elles ni e-mail, vos alertes ne vous parviendraient plus.',
    en: 'Turn notifications on for a device first: without them or e-mail, your alerts would no longer reach you.',
    nl: 'Zet eerst meldingen aan op een apparaat: zonder meldingen of e-mail zouden uw alarmen u niet meer bereiken.',
  },
} satisfies Record<string, Messages>;
