import { MAX_BASKET_LINES, MAX_BASKET_QUANTITY, type ShippingResponse } from '@pharmaradar/shared/basket.schema';
import { shippingResponseSchema } from '@pharmaradar/shared/basket.schema';
import { BASKET_CHANGED_EVENT } from './basket-event';
import { db, type BasketItemRecord } from './db';

// The basket lives in IndexedDB so it survives reloads and works offline with the stored prices.
// Writers announce changes with BASKET_CHANGED_EVENT so the navbar count follows without polling.

export { BASKET_CHANGED_EVENT };

function announce(): void {
  window.dispatchEvent(new Event(BASKET_CHANGED_EVENT));
}

const clampQuantity = (quantity: number) => Math.min(MAX_BASKET_QUANTITY, Math.max(1, Math.round(quantity)));

export type BasketAddResult = 'added' | 'updated' | 'full';

/** Adds a product (or adds to its quantity, and refreshes its prices when it is already there). */
export async function addToBasket(
  item: Omit<BasketItemRecord, 'addedAt'>,
  now: number = Date.now(),
): Promise<BasketAddResult> {
  const result = await db.transaction('rw', db.basket, async (): Promise<BasketAddResult> => {
    const existing = await db.basket.get(item.cnk);
    if (existing) {
      await db.basket.put({
        ...item,
        quantity: clampQuantity(existing.quantity + item.quantity),
        addedAt: existing.addedAt,
      });
      return 'updated';
    }
    if ((await db.basket.count()) >= MAX_BASKET_LINES) return 'full';
    await db.basket.put({ ...item, quantity: clampQuantity(item.quantity), addedAt: now });
    return 'added';
  });
  announce();
  return result;
}

export async function setBasketQuantity(cnk: string, quantity: number): Promise<void> {
  await db.basket.update(cnk, { quantity: clampQuantity(quantity) });
  announce();
}

/**
 * The official catalogue no longer offers the product (prescription-only, suspended or withdrawn since
 * it was added): its stored prices go, so every plan leaves it out and its row says it is no longer
 * offered, offline too. The line stays until the user removes it.
 */
export async function withdrawFromBasketPlans(cnk: string): Promise<void> {
  await db.basket.update(cnk, { offers: [] });
  announce();
}

export async function removeFromBasket(cnk: string): Promise<void> {
  await db.basket.delete(cnk);
  announce();
}

export function listBasket(): Promise<BasketItemRecord[]> {
  return db.basket.orderBy('addedAt').toArray();
}

export function basketCount(): Promise<number> {
  return db.basket.count();
}

export async function saveShipping(shipping: ShippingResponse, now: number = Date.now()): Promise<void> {
  await db.basketMeta.put({ key: 'shipping', value: shipping, savedAt: now });
}

/** The last shipping terms read from the server, or null (never read, or stored by another version). */
export async function loadShipping(): Promise<ShippingResponse | null> {
  const stored = await db.basketMeta.get('shipping');
  const parsed = shippingResponseSchema.safeParse(stored?.value);
  return parsed.success ? parsed.data : null;
}
