import type { Messages } from '../../lib/i18n';

/** Translated details of the billing answers (codes in docs/architecture.md#billing-and-plans). */
export const BILLING_MESSAGES = {
  loginRequired: {
    fr: 'Connexion requise. Vous n’êtes pas connecté.',
    en: 'Login required. You are not logged in.',
    nl: 'Aanmelding vereist. U bent niet aangemeld.',
  },
  checkoutFailed: {
    fr: 'Impossible d’ouvrir le paiement.',
    en: 'Unable to open checkout.',
    nl: 'Kan de betaling niet openen.',
  },
  portalFailed: {
    fr: 'Impossible d’ouvrir le portail de facturation.',
    en: 'Failed to open billing portal.',
    nl: 'Kan het facturatieportaal niet openen.',
  },
  subscriptionUnavailable: {
    fr: 'Impossible de charger l’abonnement.',
    en: 'Unable to load subscription.',
    nl: 'Kan het abonnement niet laden.',
  },
  noSubscription: {
    fr: 'Vous n’avez pas d’abonnement.',
    en: 'You have no subscription.',
    nl: 'U hebt geen abonnement.',
  },
  alreadyPro: {
    fr: 'Votre compte a déjà l’accès Pro.',
    en: 'Your account already has Pro.',
    nl: 'Uw account heeft al Pro.',
  },
  inProgress: {
    fr: 'Une demande est déjà en cours. Patientez un instant.',
    en: 'A request is already in progress. Please wait a moment.',
    nl: 'Er loopt al een verzoek. Even geduld.',
  },
  promotionInvalid: {
    fr: 'Ce code promotionnel n’est pas valable.',
    en: 'This promotion code is not valid.',
    nl: 'Deze promotiecode is niet geldig.',
  },
  invalidSignature: {
    fr: 'Signature du webhook invalide.',
    en: 'Invalid webhook signature.',
    nl: 'Ongeldige webhookhandtekening.',
  },
  webhookFailed: {
    fr: 'L’événement n’a pas pu être traité ; il sera renvoyé.',
    en: 'The event could not be processed; it will be sent again.',
    nl: 'De gebeurtenis kon niet worden verwerkt; ze wordt opnieuw verzonden.',
  },
  deletionCancelFailed: {
    fr: 'Votre abonnement n’a pas pu être résilié auprès du prestataire de paiement, votre compte n’a donc pas été supprimé. Réessayez dans quelques minutes.',
    en: 'Your subscription could not be cancelled with the payment provider, so your account was not deleted. Please try again in a few minutes.',
    nl: 'Uw abonnement kon niet worden opgezegd bij de betaalprovider, dus uw account is niet verwijderd. Probeer het over enkele minuten opnieuw.',
  },
  cancelled: {
    fr: 'Votre abonnement prendra fin à la fin de la période payée.',
    en: 'Your subscription will end at the end of the paid period.',
    nl: 'Uw abonnement eindigt aan het einde van de betaalde periode.',
  },
  resumed: {
    fr: 'Votre abonnement continue.',
    en: 'Your subscription continues.',
    nl: 'Uw abonnement loopt verder.',
  },
} satisfies Record<string, Messages>;
