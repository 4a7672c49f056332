import { useCallback, useEffect, useState } from 'react';
import {
  offeredResponseSchema,
  shippingResponseSchema,
  type ShippingResponse,
} from '@pharmaradar/shared/basket.schema';
import { api } from '../../lib/api/client';
import type { BasketItemRecord } from '../../db/db';
import { rememberRetailerNames } from '../../lib/retailers';
import {
  BASKET_CHANGED_EVENT,
  listBasket,
  loadShipping,
  saveShipping,
  withdrawFromBasketPlans,
} from '../../db/basket-store';

export interface BasketState {
  items: BasketItemRecord[] | null;
  /** The shops' shipping terms: fresh from the server, else the stored copy, else null (never read). */
  shipping: ShippingResponse | null;
}

/** The stored basket, following every change, and the shipping terms (kept for offline use). */
export function useBasket(): BasketState & { reload: () => void } {
  const [items, setItems] = useState<BasketItemRecord[] | null>(null);
  const [shipping, setShipping] = useState<ShippingResponse | null>(null);

  const reload = useCallback(() => {
    void listBasket()
      .then(setItems)
      .catch(() => setItems([]));
  }, []);

  useEffect(() => {
    reload();
    window.addEventListener(BASKET_CHANGED_EVENT, reload);
    return () => window.removeEventListener(BASKET_CHANGED_EVENT, reload);
  }, [reload]);

  useEffect(() => {
    const controller = new AbortController();
    api
      .get('/retailers/shipping/', { signal: controller.signal, schema: shippingResponseSchema })
      .then(async (fresh) => {
        rememberRetailerNames(fresh.retailers);
        setShipping(fresh);
        await saveShipping(fresh).catch(() => undefined);
      })
      .catch(async () => {
        if (controller.signal.aborted) return;
        // Offline or the server is down: the terms last read still price the basket.
        const stored = await loadShipping().catch(() => null);
        if (stored) rememberRetailerNames(stored.retailers);
        if (!controller.signal.aborted) setShipping(stored);
      });
    return () => controller.abort();
  }, []);

  // The products still priced in the basket, asked about once per change: one the official catalogue
  // now excludes leaves the plans (offline, the stored prices stay until the server can be asked).
  const priced = items
    ?.filter((item) => item.offers.length > 0)
    .map((item) => item.cnk)
    .join(',');
  useEffect(() => {
    if (!priced) return;
    const controller = new AbortController();
    api
      .get(`/products/offered/?${new URLSearchParams({ cnks: priced })}`, {
        signal: controller.signal,
        schema: offeredResponseSchema,
      })
      .then(({ excluded }) => Promise.all(excluded.map(withdrawFromBasketPlans)))
      .catch(() => undefined);
    return () => controller.abort();
  }, [priced]);

  return { items, shipping, reload };
}
