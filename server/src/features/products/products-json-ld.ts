import type { Locale } from '@pharmaradar/shared/locales';
import type { LandingTexts } from '@pharmaradar/shared/product-landing';
import type { LandingPageProduct } from './products.service';

/** Current prices of a product across retailers (the price history provides it; app.ts wires it). */
export type OfferSummary = { low: number; high: number; count: number };
export type OfferSummaries = { offerSummary(cnk: string): OfferSummary | null };

const amount = (euros: number) => euros.toFixed(2);

/** schema.org Product with an AggregateOffer (Google "Product snippet" rich result). */
export function productJsonLd(
  product: LandingPageProduct,
  locale: Locale,
  texts: LandingTexts,
  canonical: string,
  publicUrl: string,
  offers: OfferSummary | null,
): Record<string, unknown> {
  const image = product.image ? new URL(product.image, `${publicUrl}/`).href : null;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.names?.[locale] ?? product.name,
    description: texts.description,
    url: canonical,
    sku: product.cnk,
    identifier: { '@type': 'PropertyValue', propertyID: 'CNK', value: product.cnk },
    ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand } } : {}),
    ...(image ? { image } : {}),
    ...(offers
      ? {
          offers: {
            '@type': 'AggregateOffer',
            priceCurrency: 'EUR',
            lowPrice: amount(offers.low),
            highPrice: amount(offers.high),
            offerCount: offers.count,
          },
        }
      : {}),
  };
}
