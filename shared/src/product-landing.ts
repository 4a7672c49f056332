import { z } from 'zod';
import { isLocale, type Locale } from './locales';
import { BRAND_NAME } from './brand';

// Texts of the product landing pages (/{slug}). The server injects the title and description into
// index.html for crawlers and link previews; the web page renders the same words from here.

export const landingFaqItemSchema = z.object({ q: z.string(), a: z.string() });
export type LandingFaqItem = z.infer<typeof landingFaqItemSchema>;

export const landingTextsSchema = z.object({
  title: z.string(),
  /** Meta description, kept under ~160 characters. */
  description: z.string(),
  heading: z.string(),
  intro: z.string(),
  faq: z.array(landingFaqItemSchema).length(3),
});
export type LandingTexts = z.infer<typeof landingTextsSchema>;

export const productLandingSchema = z.object({
  fr: landingTextsSchema,
  en: landingTextsSchema,
  nl: landingTextsSchema,
});
export type ProductLanding = z.infer<typeof productLandingSchema>;

/** GET /api/products/:slug */
export const productLandingResponseSchema = z.object({
  slug: z.string(),
  cnk: z.string(),
  name: z.string(),
  brand: z.string().nullable(),
  image: z.string().nullable(),
  category: z.string().optional(),
  landing: productLandingSchema,
});
export type ProductLandingResponse = z.infer<typeof productLandingResponseSchema>;

export type LandingProduct = {
  name: string;
  /** The product's own name per language when it has one (e.g. "sirop" / "siroop" / "syrup"). */
  names?: Partial<Record<Locale, string>>;
  brand: string | null;
  cnk: string | null;
};

const SHOPS = 'Farmaline, Medi-Market & Multipharma';

function withBrand(product: LandingProduct, locale: Locale): string {
  const name = product.names?.[locale] ?? product.name;
  const brand = product.brand;
  return brand && !name.toLowerCase().includes(brand.toLowerCase()) ? `${brand} ${name}` : name;
}

function fr(product: LandingProduct): LandingTexts {
  const name = withBrand(product, 'fr');
  const cnk = product.cnk;
  return {
    title: `${name} : comparer les prix en pharmacie en ligne | ${BRAND_NAME}`,
    description: `Prix de ${name}${cnk ? ` (CNK ${cnk})` : ''} comparés chez ${SHOPS}. Prix indicatifs relevés à chaque recherche, meilleure offre mise en évidence.`,
    heading: `${name} : comparez les prix`,
    intro:
      `Comparez le prix de ${name} dans les pharmacies en ligne belges (${SHOPS}). ` +
      `${BRAND_NAME} interroge chaque pharmacie au moment de votre recherche` +
      `${cnk ? `, à l'aide du code CNK ${cnk}` : ''}, et met en évidence le meilleur prix. ` +
      `Les prix sont indicatifs : la pharmacie fixe le prix final, les frais de livraison et la disponibilité.`,
    faq: [
      {
        q: `Où acheter ${name} au meilleur prix ?`,
        a: `Lancez une recherche : ${BRAND_NAME} compare en quelques secondes les offres de ${SHOPS} et signale la moins chère. Jusqu'à 5 offres sont affichées par produit ; vérifiez le prix et les frais de livraison sur le site de la pharmacie avant d'acheter.`,
      },
      {
        q: cnk ? `Que signifie le code CNK ${cnk} ?` : `Qu'est-ce qu'un code CNK ?`,
        a: `Le CNK est le code national à 7 chiffres attribué par l'APB à chaque conditionnement vendu en pharmacie en Belgique. Rechercher par CNK garantit de comparer exactement le même produit, dans le même format.`,
      },
      {
        q: `Puis-je comparer des médicaments sur ordonnance ?`,
        a: `Non. En Belgique, les pharmacies en ligne ne vendent que des médicaments sans ordonnance et de la parapharmacie ; les médicaments soumis à prescription sont exclus des résultats. En cas de doute, demandez conseil à votre pharmacien.`,
      },
    ],
  };
}

function en(product: LandingProduct): LandingTexts {
  const name = withBrand(product, 'en');
  const cnk = product.cnk;
  return {
    title: `${name}: compare online pharmacy prices | ${BRAND_NAME}`,
    description: `${name}${cnk ? ` (CNK ${cnk})` : ''} prices compared at ${SHOPS}. Indicative prices checked at every search, with the best offer highlighted.`,
    heading: `${name}: compare prices`,
    intro:
      `Compare the price of ${name} across Belgian online pharmacies (${SHOPS}). ` +
      `${BRAND_NAME} asks every pharmacy at the moment you search` +
      `${cnk ? `, using CNK code ${cnk}` : ''}, and highlights the best price. ` +
      `Prices are indicative: the pharmacy sets the final price, delivery costs and availability.`,
    faq: [
      {
        q: `Where can I buy ${name} at the best price?`,
        a: `Run a search: within seconds ${BRAND_NAME} compares the offers of ${SHOPS} and flags the cheapest one. Up to 5 offers are shown per product; check the price and delivery costs on the pharmacy's site before you buy.`,
      },
      {
        q: cnk ? `What is CNK code ${cnk}?` : 'What is a CNK code?',
        a: `The CNK is the 7-digit national code that APB assigns to every pack sold in Belgian pharmacies. Searching by CNK makes sure you compare exactly the same product in the same pack size.`,
      },
      {
        q: 'Can I compare prescription medicines?',
        a: `No. Belgian online pharmacies may only sell non-prescription medicines and parapharmacy, so prescription medicines are left out of the results. If in doubt, ask your pharmacist for advice.`,
      },
    ],
  };
}

function nl(product: LandingProduct): LandingTexts {
  const name = withBrand(product, 'nl');
  const cnk = product.cnk;
  return {
    title: `${name}: prijzen vergelijken bij online apotheken | ${BRAND_NAME}`,
    description: `Prijzen van ${name}${cnk ? ` (CNK ${cnk})` : ''} vergeleken bij ${SHOPS}. Indicatieve prijzen, opgevraagd bij elke zoekopdracht, met de beste aanbieding in de kijker.`,
    heading: `${name}: vergelijk de prijzen`,
    intro:
      `Vergelijk de prijs van ${name} bij de Belgische online apotheken (${SHOPS}). ` +
      `${BRAND_NAME} vraagt de prijs op bij elke apotheek op het moment dat u zoekt` +
      `${cnk ? `, via CNK-code ${cnk}` : ''}, en markeert de beste prijs. ` +
      `De prijzen zijn indicatief: de apotheek bepaalt de uiteindelijke prijs, de verzendkosten en de beschikbaarheid.`,
    faq: [
      {
        q: `Waar koop ik ${name} het voordeligst?`,
        a: `Start een zoekopdracht: ${BRAND_NAME} vergelijkt binnen enkele seconden de aanbiedingen van ${SHOPS} en toont de goedkoopste. Per product ziet u tot 5 aanbiedingen; controleer de prijs en de verzendkosten op de site van de apotheek voor u koopt.`,
      },
      {
        q: cnk ? `Wat betekent CNK-code ${cnk}?` : 'Wat is een CNK-code?',
        a: `De CNK is de nationale code van 7 cijfers die de APB toekent aan elke verpakking die in Belgische apotheken verkocht wordt. Zoeken op CNK garandeert dat u precies hetzelfde product in dezelfde verpakking vergelijkt.`,
      },
      {
        q: 'Kan ik ook geneesmiddelen op voorschrift vergelijken?',
        a: `Nee. Belgische online apotheken mogen enkel geneesmiddelen zonder voorschrift en parafarmacie verkopen; geneesmiddelen op voorschrift worden uit de resultaten geweerd. Vraag bij twijfel raad aan uw apotheker.`,
      },
    ],
  };
}

const BUILDERS: Record<Locale, (product: LandingProduct) => LandingTexts> = { fr, en, nl };

export function productLandingTexts(product: LandingProduct, locale: Locale): LandingTexts {
  return BUILDERS[locale](product);
}

export function productLanding(product: LandingProduct): ProductLanding {
  return { fr: fr(product), en: en(product), nl: nl(product) };
}

/** Lowercase ASCII words joined by dashes: accents stripped, everything else dropped. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
}

/**
 * The landing slug of a product first seen in a search: its name plus its CNK, so it is unique per
 * pack and can never equal an app route such as /about (it ends with 7 digits).
 */
export function productSlug(product: { name: string; cnk: string }): string {
  const base = slugify(product.name);
  return base ? `${base}-${product.cnk}` : product.cnk;
}

/** Shape a slug must have to be looked up at all (cheap filter before touching the database). */
export const PRODUCT_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const PRODUCT_SLUG_MAX_LENGTH = 120;

export function isProductSlugShape(value: string): boolean {
  return value.length <= PRODUCT_SLUG_MAX_LENGTH && PRODUCT_SLUG_PATTERN.test(value);
}

/**
 * A product page's address -> its slug and language: `/{slug}`, `/{slug}/…` (French, docs/product.md#states) or
 * `/{fr|en|nl}/{slug}[/…]`. The SEO head and the drawn first screen read an address the same way.
 */
export function landingPathParts(path: string): { slug: string; locale: Locale } | null {
  const segments = path.split('/').filter(Boolean);
  const [first, second] = segments;
  if (!first) return null;
  if (isLocale(first)) return second ? { slug: second, locale: first } : null;
  return { slug: first, locale: 'fr' };
}

/** The tail each language's heading adds to the product's name (see fr, en, nl above). */
const HEADING_TAIL = /\s*(?:: comparez les prix|: compare prices|: vergelijk de prijzen)\s*$/i;

/**
 * The product's name in the page's language (brand included) from its heading: what a price alert
 * is named after, never the page title (ADR 155). A text without the tail is returned as it is.
 */
export function productNameFromHeading(heading: string): string {
  return heading.replace(HEADING_TAIL, '').trim() || heading;
}
