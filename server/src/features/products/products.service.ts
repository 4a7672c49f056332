import type { Locale } from '@pharmaradar/shared';
import { isProductSlugShape, productLanding, type ProductLandingResponse } from '@pharmaradar/shared/product-landing';
import type { ProductsRepository } from './products.repository';

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
  /** Demo mode only: the demo catalogue's products, which have landing pages before any search. */
  catalogue?: readonly LandingPageProduct[];
};

export function createProductsService({ repository, catalogue = [] }: ProductsServiceDeps) {
  const catalogueBySlug = new Map(catalogue.map((p) => [p.slug, p]));
  const catalogueSlugByCnk = new Map(catalogue.map((p) => [p.cnk, p.slug]));

  function find(slug: string): LandingPageProduct | null {
    if (!isProductSlugShape(slug)) return null;
    const fromCatalogue = catalogueBySlug.get(slug);
    if (fromCatalogue) return fromCatalogue;
    const seen = repository.findBySlug(slug);
    return seen ? { slug: seen.slug, cnk: seen.cnk, name: seen.name, brand: seen.brand, image: seen.image } : null;
  }

  return {
    find,
    /** The catalogue's slug for a CNK, so a searched demo product links to its existing page. */
    catalogueSlug: (cnk: string): string | undefined => catalogueSlugByCnk.get(cnk),
    landing(slug: string): ProductLandingResponse | null {
      const product = find(slug);
      if (!product) return null;
      const { slug: s, cnk, name, brand, image, category } = product;
      return { slug: s, cnk, name, brand, image, ...(category ? { category } : {}), landing: productLanding(product) };
    },
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;
