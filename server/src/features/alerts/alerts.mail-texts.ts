import type { Locale } from '@pharmaradar/shared/locales';

// Wording of the price alert mail. {product}, {price}, {target}, {retailer}, {link}, {unsubscribe}
// are filled in by alerts.service.ts. The subject names the product only (subjects are logged).

export interface AlertMailText {
  subject: string;
  below: string;
  drop: string;
  where: string;
  unsubscribe: string;
  footer: string;
}

export const ALERT_MAIL_TEXTS: Record<Locale, AlertMailText> = {
  fr: {
    subject: 'Alerte prix : {product}',
    below: 'Bonne nouvelle : {product} est à {price}, sous votre seuil de {target}.',
    drop: 'Bonne nouvelle : le prix de {product} a baissé, il est maintenant à {price}.',
    where: 'Meilleur prix chez {retailer}. Comparez les prix : {link}',
    unsubscribe: 'Ne plus recevoir cette alerte (un clic, sans connexion) : {unsubscribe}',
    footer: 'Vous recevez cet e-mail parce que vous avez créé cette alerte prix sur PharmaRadar.',
  },
  en: {
    subject: 'Price alert: {product}',
    below: 'Good news: {product} is now {price}, below your threshold of {target}.',
    drop: 'Good news: the price of {product} went down, it is now {price}.',
    where: 'Best price at {retailer}. Compare the prices: {link}',
    unsubscribe: 'Stop this alert (one click, no login needed): {unsubscribe}',
    footer: 'You are receiving this email because you set this price alert on PharmaRadar.',
  },
  nl: {
    subject: 'Prijsalarm: {product}',
    below: 'Goed nieuws: {product} kost nu {price}, onder uw drempel van {target}.',
    drop: 'Goed nieuws: de prijs van {product} is gedaald, hij is nu {price}.',
    where: 'Beste prijs bij {retailer}. Vergelijk de prijzen: {link}',
    unsubscribe: 'Dit alarm stopzetten (één klik, zonder aanmelden): {unsubscribe}',
    footer: 'U ontvangt deze e-mail omdat u dit prijsalarm op PharmaRadar hebt ingesteld.',
  },
};

/** What the unsubscribe page says (served by the API, in the alert's language). */
export const UNSUBSCRIBE_PAGE: Record<Locale, { done: string; invalid: string; back: string }> = {
  fr: {
    done: 'Alerte supprimée : vous ne recevrez plus d’e-mail pour « {product} ».',
    invalid: 'Ce lien n’est plus valable ou l’alerte a déjà été supprimée.',
    back: 'Retour à PharmaRadar',
  },
  en: {
    done: 'Alert deleted: you will get no more emails about “{product}”.',
    invalid: 'This link is no longer valid or the alert was already deleted.',
    back: 'Back to PharmaRadar',
  },
  nl: {
    done: 'Alarm verwijderd: u ontvangt geen e-mails meer over „{product}”.',
    invalid: 'Deze link is niet meer geldig of het alarm werd al verwijderd.',
    back: 'Terug naar PharmaRadar',
  },
};
