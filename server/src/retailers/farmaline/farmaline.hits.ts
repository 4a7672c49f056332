import { z } from 'zod';
import type { RetailerOffer } from '../types';
import { centsToEuros, wasPriceField } from '../lib/price';
import { absoluteUrl, cleanText, withoutParams } from '../lib/markers';
import { normaliseCnk } from '@pharmaradar/shared/cnk';

// The hits of Farmaline's embedded Algolia answer (read by lib/instant-search.ts), field names as
// the platform's search index carries them (docs/decisions/133).

const hitSchema = z
  .object({
    objectID: z.string().optional(),
    productName: z.string().min(1),
    brand: z.string().nullish(),
    packSize: z.string().nullish(),
    price: z.unknown(),
    // best_offer.strike_price.amount (cents) is the struck-out price; listPrice is only a recommended one.
    best_offer: z
      .object({ strike_price: z.object({ amount: z.unknown() }).loose().nullish() })
      .loose()
      .nullish(),
    deeplink: z.string().nullish(),
    inStock: z.boolean().nullish(),
    image: z.string().nullish(),
    imageUrl: z.string().nullish(),
    images: z.array(z.string()).nullish(),
    // The platform's index flag (a deals scraper filters on prescriptionMedicine:false). The other
    // names were never observed on a live hit and stay only as fallbacks.
    prescriptionMedicine: z.boolean().nullish(),
    rx: z.boolean().nullish(),
    prescription: z.boolean().nullish(),
    prescriptionOnly: z.boolean().nullish(),
    isRx: z.boolean().nullish(),
    reserveOnly: z.boolean().nullish(),
  })
  .loose();

/** Farmaline's click-tracking parameters (docs/retailers.md#farmaline): never part of a stored offer link. */
export const FARMALINE_TRACKING_PARAMS = ['eventName', 'position', 'query', 'queryID', 'eventType', 'objectIDs'];

/** An offer link: absolute, http(s) only, without the click-tracking parameters. */
export function farmalineOfferUrl(href: string | null | undefined, baseUrl: string): string | null {
  return withoutParams(absoluteUrl(href, baseUrl), FARMALINE_TRACKING_PARAMS);
}

/** `BE0` + CNK; a CNK that lost its leading zero (6 digits) is left-padded like everywhere else. */
export function cnkFromFarmalineId(value: string | null | undefined): string | null {
  return normaliseCnk(/BE0(\d{6,7})(?!\d)/.exec(value ?? '')?.[1] ?? '');
}

/** One offer per hit; a hit without a usable price is skipped (null). */
export function hitToOffer(raw: unknown, baseUrl: string): RetailerOffer | null {
  const parsed = hitSchema.safeParse(raw);
  if (!parsed.success) return null;
  const hit = parsed.data;
  const price = centsToEuros(hit.price);
  if (price === null) return null;
  const name = cleanText(hit.productName);
  const pack = cleanText(hit.packSize);
  const image = hit.image ?? hit.imageUrl ?? hit.images?.[0] ?? null;
  return {
    retailer: 'farmaline',
    name: pack && !name.toLowerCase().includes(pack.toLowerCase()) ? `${name} ${pack}` : name,
    brand: cleanText(hit.brand) || null,
    cnk: cnkFromFarmalineId(hit.objectID) ?? cnkFromFarmalineId(hit.deeplink),
    price,
    currency: 'EUR',
    url: farmalineOfferUrl(hit.deeplink, baseUrl),
    image: absoluteUrl(image, baseUrl),
    inStock: hit.inStock ?? null,
    ...wasPriceField(centsToEuros(hit.best_offer?.strike_price?.amount), price),
    prescription: Boolean(
      hit.prescriptionMedicine || hit.rx || hit.prescription || hit.prescriptionOnly || hit.isRx || hit.reserveOnly,
    ),
  };
}
