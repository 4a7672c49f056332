import { INTL_LOCALE, type Locale } from '@pharmaradar/shared/locales';

/** Every text of the look-alike's pages, in the three interface languages. */
export const TEXTS = {
  testBanner: {
    fr: 'Paiement de test : aucun argent n’est prélevé. Ceci est une simulation locale de Stripe.',
    en: 'Test payment: no money moves. This is a local simulation of Stripe.',
    nl: 'Testbetaling: er wordt geen geld overgemaakt. Dit is een lokale simulatie van Stripe.',
  },
  checkoutTitle: { fr: 'Paiement sécurisé (test)', en: 'Secure checkout (test)', nl: 'Veilig betalen (test)' },
  perMonth: { fr: 'par mois', en: 'per month', nl: 'per maand' },
  vatIncluded: { fr: 'TVAC', en: 'incl. VAT', nl: 'incl. btw' },
  email: { fr: 'E-mail', en: 'Email', nl: 'E-mail' },
  discount: {
    fr: 'Code {code} : −{percent} % sur la première facture, soit {amount} aujourd’hui.',
    en: 'Code {code}: −{percent}% off the first invoice, {amount} due today.',
    nl: 'Code {code}: −{percent}% op de eerste factuur, vandaag {amount}.',
  },
  cardNumber: { fr: 'Numéro de carte', en: 'Card number', nl: 'Kaartnummer' },
  expiry: { fr: 'Expiration (MM/AA)', en: 'Expiry (MM/YY)', nl: 'Vervaldatum (MM/JJ)' },
  cvc: { fr: 'CVC', en: 'CVC', nl: 'CVC' },
  cardholder: { fr: 'Titulaire de la carte', en: 'Cardholder name', nl: 'Naam kaarthouder' },
  subscribe: { fr: 'S’abonner', en: 'Subscribe', nl: 'Abonneren' },
  back: { fr: 'Retour', en: 'Back', nl: 'Terug' },
  testCards: { fr: 'Cartes de test', en: 'Test cards', nl: 'Testkaarten' },
  cardOk: { fr: 'paiement accepté', en: 'payment succeeds', nl: 'betaling geslaagd' },
  cardDeclined: { fr: 'carte refusée', en: 'card declined', nl: 'kaart geweigerd' },
  card3ds: { fr: 'demande une confirmation', en: 'asks for a confirmation', nl: 'vraagt een bevestiging' },
  declined: { fr: 'Votre carte a été refusée.', en: 'Your card was declined.', nl: 'Uw kaart werd geweigerd.' },
  invalidCard: {
    fr: 'Utilisez l’une des cartes de test ci-dessous.',
    en: 'Use one of the test cards below.',
    nl: 'Gebruik een van de testkaarten hieronder.',
  },
  invalidExpiry: {
    fr: 'Date d’expiration invalide (MM/AA, dans le futur).',
    en: 'Invalid expiry date (MM/YY, in the future).',
    nl: 'Ongeldige vervaldatum (MM/JJ, in de toekomst).',
  },
  authTitle: { fr: 'Confirmez le paiement', en: 'Confirm the payment', nl: 'Bevestig de betaling' },
  authText: {
    fr: 'Votre banque demande une confirmation (3D Secure de test).',
    en: 'Your bank asks you to confirm (test 3D Secure).',
    nl: 'Uw bank vraagt een bevestiging (test 3D Secure).',
  },
  authApprove: { fr: 'Confirmer', en: 'Confirm', nl: 'Bevestigen' },
  authFail: { fr: 'Refuser', en: 'Fail', nl: 'Weigeren' },
  authFailed: {
    fr: 'La confirmation a échoué. Aucun paiement n’a été fait.',
    en: 'The confirmation failed. No payment was made.',
    nl: 'De bevestiging is mislukt. Er werd niet betaald.',
  },
  sessionGone: {
    fr: 'Cette session de paiement n’est plus disponible.',
    en: 'This checkout session is no longer available.',
    nl: 'Deze betaalsessie is niet meer beschikbaar.',
  },
  portalTitle: { fr: 'Gérer l’abonnement (test)', en: 'Manage subscription (test)', nl: 'Abonnement beheren (test)' },
  status: { fr: 'Statut', en: 'Status', nl: 'Status' },
  renews: { fr: 'Renouvellement le', en: 'Renews on', nl: 'Verlengt op' },
  endsOn: { fr: 'Se termine le', en: 'Ends on', nl: 'Eindigt op' },
  ended: { fr: 'Abonnement terminé', en: 'Subscription ended', nl: 'Abonnement beëindigd' },
  none: { fr: 'Aucun abonnement.', en: 'No subscription.', nl: 'Geen abonnement.' },
  cancel: { fr: 'Résilier l’abonnement', en: 'Cancel subscription', nl: 'Abonnement opzeggen' },
  cancelNote: {
    fr: 'Vous gardez Pro jusqu’à la fin de la période payée.',
    en: 'You keep Pro until the end of the paid period.',
    nl: 'U behoudt Pro tot het einde van de betaalde periode.',
  },
  resume: { fr: 'Reprendre l’abonnement', en: 'Resume subscription', nl: 'Abonnement hervatten' },
  paymentMethod: { fr: 'Moyen de paiement', en: 'Payment method', nl: 'Betaalmethode' },
  changeCard: { fr: 'Changer de carte', en: 'Change card', nl: 'Kaart wijzigen' },
  invoices: { fr: 'Factures', en: 'Invoices', nl: 'Facturen' },
  view: { fr: 'Voir', en: 'View', nl: 'Bekijken' },
  pdf: { fr: 'PDF', en: 'PDF', nl: 'PDF' },
  returnTo: { fr: 'Retour à PharmaRadar', en: 'Return to PharmaRadar', nl: 'Terug naar PharmaRadar' },
  invoiceTitle: { fr: 'Facture', en: 'Invoice', nl: 'Factuur' },
  paid: { fr: 'Payée', en: 'Paid', nl: 'Betaald' },
  open: { fr: 'À payer', en: 'Open', nl: 'Openstaand' },
  amount: { fr: 'Montant', en: 'Amount', nl: 'Bedrag' },
  period: { fr: 'Période', en: 'Period', nl: 'Periode' },
  date: { fr: 'Date', en: 'Date', nl: 'Datum' },
  notFound: { fr: 'Page introuvable.', en: 'Page not found.', nl: 'Pagina niet gevonden.' },
} satisfies Record<string, Record<Locale, string>>;

export type TextKey = keyof typeof TEXTS;

export function t(locale: Locale, key: TextKey): string {
  return TEXTS[key][locale];
}

/** An amount as the look-alike shows it: the plans are priced VAT included, and every amount says so, as the app's plan prices do. */
export function money(locale: Locale, cents: number): string {
  const amount = new Intl.NumberFormat(INTL_LOCALE[locale], { style: 'currency', currency: 'EUR' }).format(cents / 100);
  return `${amount} ${TEXTS.vatIncluded[locale]}`;
}

export function day(locale: Locale, seconds: number): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: 'long', timeZone: 'Europe/Brussels' }).format(
    seconds * 1000,
  );
}
