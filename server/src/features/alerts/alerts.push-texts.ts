import type { Locale } from '@pharmaradar/shared/locales';

// Wording of the price alert's push notification, in the user's language. {product}, {price} and
// {retailer} are filled in by alerts.channels.ts. Short: a phone shows two lines or so.
export const ALERT_PUSH_TEXTS: Record<Locale, { title: string; body: string }> = {
  fr: { title: 'Baisse de prix : {product}', body: 'Meilleur prix : {price} chez {retailer}' },
  en: { title: 'Price drop: {product}', body: 'Best price: {price} at {retailer}' },
  nl: { title: 'Prijsdaling: {product}', body: 'Beste prijs: {price} bij {retailer}' },
};
