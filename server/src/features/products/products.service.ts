import { LOCALES, type Locale } from '@pharmaradar/shared/locales';
import { isProductSlugShape, productLanding, type ProductLandingResponse } from '@pharmaradar/shared/product-landing';
import type { CatalogueLookup } from '../../lib/catalogue-lookup';
import type { ProductRecord, ProductsRepository, SeenProduct } from './products.repository';

/** A product that has a landing page: from the bundled demo catalogue or seen in a search. */
export type LandingPageProduct = {
  slug: string;
  cnk: string;
  name: string;
  /** Names per language (demo catalogue); landing texts use them, the API's `name` is `name`. */
  names?: Partial<Record<Locale, string>>;
  brand: string | null;
  image: string | null;
  category?: string;
};

export type ProductsServiceDeps = {
  repository: ProductsRepository;
  /** Products with a landing page before any search (demo mode: the demo catalogue's, given by the app). */
  catalogue?: readonly LandingPageProduct[];
  /**
   * The official catalogue's verdict on a CNK (app.ts: the catalogue's lookup). A pack it never offers
   * has no page: 404 and out of the sitemap (ADR 154, 157). None: every recorded product has its page.
   */
  verdict?: CatalogueLookup['verdict'];
  /**
   * The catalogue's name for a CNK in a language (French when it has none in it), or null when it does
   * not know the code (app.ts: the catalogue's lookup). Read at each request: a page seen under a shop's
   * title takes the official names once the catalogue knows the code, even when it came after the page.
   */
  officialName?: (cnk: string, lang: Locale) => string | null;
};

/** GET /api/products/:slug's answer for a product that has a page. */
export function landingResponse(product: LandingPageProduct): ProductLandingResponse {
  const { slug, cnk, name, brand, image, category } = product;
  return { slug, cnk, name, brand, image, ...(category ? { category } : {}), landing: productLanding(product) };
}

export function createProductsService({ repository, catalogue = [], verdict, officialName }: ProductsServiceDeps) {
  const catalogueBySlug = new Map(catalogue.map((p) => [p.slug, p]));
  const catalogueSlugByCnk = new Map(catalogue.map((p) => [p.cnk, p.slug]));
  // Asked on every request, never kept: an import swapped in takes the page down at once.
  const excluded = (cnk: string) => verdict?.(cnk).offer === false;
  const fromSearch = (seen: ProductRecord): LandingPageProduct => {
    // Each language's texts name the product as the catalogue does in that language (the page's heading,
    // title and description); `name`, the record's own, stays the French one.
    const official = officialName ? LOCALES.map((lang) => [lang, officialName(seen.cnk, lang)] as const) : [];
    const names = Object.fromEntries(official.filter(([, name]) => name !== null));
    return {
      slug: seen.slug,
      cnk: seen.cnk,
      name: names.fr ?? seen.name,
      ...(Object.keys(names).length > 0 ? { names } : {}),
      brand: seen.brand,
      image: seen.image,
    };
  };

  function find(slug: string): LandingPageProduct | null {
    if (!isProductSlugShape(slug)) return null;
    const fromCatalogue = catalogueBySlug.get(slug);
    const seen = fromCatalogue ? null : repository.findBySlug(slug);
    const product = fromCatalogue ?? (seen ? fromSearch(seen) : null);
    return product && !excluded(product.cnk) ? product : null;
  }

  function findByCnk(cnk: string): LandingPageProduct | null {
    const slug = catalogueSlugByCnk.get(cnk);
    if (slug) return catalogueBySlug.get(slug) ?? null;
    const seen = repository.findByCnk(cnk);
    return seen ? fromSearch(seen) : null;
  }

  return {
    find,
    /** The product with a page for `cnk` (demo catalogue first, then seen in a search), or null. */
    findByCnk,
    /**
     * Products seen in a search get (or refresh) their landing-page record; a demo catalogue product
     * keeps its catalogue slug, so its cards link to the page that already exists.
     */
    recordProducts(products: Omit<SeenProduct, 'slug'>[], now: number): void {
      repository.recordSeen(
        products.map((p) => ({ ...p, slug: catalogueSlugByCnk.get(p.cnk) })),
        now,
      );
    },
    /** Landing slugs of the CNKs that have a page (catalogue first). Read-only. */
    slugsOf(cnks: readonly string[]): Map<string, string> {
      const slugs = repository.slugsOf(cnks.filter((cnk) => !catalogueSlugByCnk.has(cnk)));
      for (const cnk of cnks) {
        const slug = catalogueSlugByCnk.get(cnk);
        if (slug) slugs.set(cnk, slug);
      }
      return slugs;
    },
    /**
     * The product pages a sitemap lists: the demo catalogue's, then those seen in searches (most
     * recent first, with the day last seen), `limit` at most.
     */
    sitemapPages(limit: number): { slug: string; lastSeenAt: number | null }[] {
      const pages: { slug: string; lastSeenAt: number | null }[] = catalogue
        .filter((p) => !excluded(p.cnk))
        .slice(0, limit)
        .map((p) => ({ slug: p.slug, lastSeenAt: null }));
      for (const seen of repository.recent(limit)) {
        if (pages.length >= limit) break;
        if (!catalogueSlugByCnk.has(seen.cnk) && !excluded(seen.cnk))
          pages.push({ slug: seen.slug, lastSeenAt: seen.lastSeenAt });
      }
      return pages;
    },
    /** The CNKs among `cnks` the official catalogue never offers (ADR 157): a basket leaves them out. */
    excludedOf(cnks: readonly string[]): string[] {
      return cnks.filter(excluded);
    },
    landing(slug: string): ProductLandingResponse | null {
      const product = find(slug);
      return product ? landingResponse(product) : null;
    },
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;
