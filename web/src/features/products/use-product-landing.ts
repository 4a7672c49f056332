import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { productLandingResponseSchema, type ProductLandingResponse } from '@pharmaradar/shared/product-landing';
import type { Locale } from '@pharmaradar/shared/locales';
import { api, isApiRequestError } from '../../lib/api/client';
import { useLocale } from '../../lib/i18n/use-locale';
import { LandingSeedContext, takeEmbeddedLanding } from '../../lib/first-screen-seeds/product-seeds';

/** What an offline landing page still knows: a product from a saved search, or only the CNK in the slug. */
export interface OfflineProduct {
  cnk: string;
  name: string | null;
  brand: string | null;
  image: string | null;
}

export type LandingState =
  | { status: 'loading' }
  | { status: 'ready'; product: ProductLandingResponse }
  | { status: 'not_found' }
  | { status: 'offline'; product: OfflineProduct | null }
  | { status: 'error' };

/** Generated slugs end with the 7-digit CNK (shared/product-landing.ts productSlug). */
export function cnkFromSlug(slug: string): string | null {
  return /(?:^|-)(\d{7})$/.exec(slug)?.[1] ?? null;
}

async function offlineProduct(slug: string, lang: Locale): Promise<OfflineProduct | null> {
  // IndexedDB (Dexie) is only read offline: loaded on that path, not with the page.
  const saved = await import('../../db/search-cache')
    .then(({ findSavedProductBySlug }) => findSavedProductBySlug(slug, lang))
    .catch(() => null);
  if (saved?.cnk) return { cnk: saved.cnk, name: saved.name, brand: saved.brand, image: saved.image };
  const cnk = cnkFromSlug(slug);
  return cnk ? { cnk, name: null, brand: null, image: null } : null;
}

/** The landing seed's check: the product's own schema, as its answer from the API is checked. */
const landingSeed = (value: unknown) => productLandingResponseSchema.safeParse(value).data ?? null;

export function useProductLanding(slug: string): { state: LandingState; reload: () => void } {
  const given = useContext(LandingSeedContext);
  const locale = useLocale();
  const [seed] = useState(() => (given?.slug === slug ? given : takeEmbeddedLanding(slug, landingSeed)));
  const seeded = useRef(seed ? slug : null);
  const [state, setState] = useState<LandingState>(seed ? { status: 'ready', product: seed } : { status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    // The product the server drew the page with is today's: no second request for it.
    if (seeded.current === slug) {
      seeded.current = null;
      return;
    }
    const controller = new AbortController();
    // Already showing this product (a remount in development): keep it on screen while it refreshes.
    setState((current) =>
      current.status === 'ready' && current.product.slug === slug ? current : { status: 'loading' },
    );
    api
      .get(`/products/${encodeURIComponent(slug)}/`, {
        signal: controller.signal,
        schema: productLandingResponseSchema,
      })
      .then((product) => setState({ status: 'ready', product }))
      .catch(async (error: unknown) => {
        if (controller.signal.aborted) return;
        if (isApiRequestError(error) && error.status === 404) return setState({ status: 'not_found' });
        if (isApiRequestError(error) && (error.code === 'network' || error.code === 'timeout')) {
          const product = await offlineProduct(slug, locale);
          if (!controller.signal.aborted) setState({ status: 'offline', product });
          return;
        }
        setState({ status: 'error' });
      });
    return () => controller.abort();
  }, [slug, attempt, locale]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, reload };
}
