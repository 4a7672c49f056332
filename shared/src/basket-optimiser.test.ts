import { describe, expect, it } from 'vitest';
import { planBasket, type BasketLine } from './basket-optimiser';
import type { RetailerShipping } from './basket.schema';

const ship = (id: string, cost: number, freeFrom: number | null): RetailerShipping => ({ id, cost, freeFrom });
const line = (key: string, prices: Record<string, number>, quantity = 1): BasketLine => ({ key, quantity, prices });

describe('planBasket', () => {
  it('never recommends a retailer for a line it has out of stock, and names lines sold out everywhere', () => {
    // A is cheaper for X but has it out of stock: the single shop and the split must both use B for X.
    const plan = planBasket(
      [
        { key: 'X', quantity: 1, prices: { a: 5, b: 8 }, outOfStock: ['a'] },
        line('Y', { a: 10, b: 12 }),
        { key: 'Z', quantity: 1, prices: { a: 3 }, outOfStock: ['a'] },
      ],
      [ship('a', 0, null), ship('b', 0, null)],
    );
    expect(plan.retailers.find((r) => r.retailer === 'a')?.missing).toEqual(['X']);
    expect(plan.cheapestSingle).toMatchObject({ retailer: 'b', total: 20 });
    expect(plan.split?.parts).toEqual([
      { retailer: 'a', keys: ['Y'], subtotal: 10, shipping: 0 },
      { retailer: 'b', keys: ['X'], subtotal: 8, shipping: 0 },
    ]);
    expect(plan.outOfStock).toEqual(['Z']);
    expect(plan.unavailable).toEqual([]);
  });

  it('finds a split cheaper than any single retailer', () => {
    // A: X 30 + Y 40 = 70 (free from 30); B: X 40 + Y 30 = 70. Split: X at A 30, Y at B 30, both free = 60.
    const plan = planBasket(
      [line('X', { a: 30, b: 40 }), line('Y', { a: 40, b: 30 })],
      [ship('a', 5, 30), ship('b', 5, 30)],
    );
    expect(plan.cheapestSingle).toMatchObject({ retailer: 'a', subtotal: 70, shipping: 0, total: 70 });
    expect(plan.split).toEqual({
      exact: true,
      total: 60,
      parts: [
        { retailer: 'a', keys: ['X'], subtotal: 30, shipping: 0 },
        { retailer: 'b', keys: ['Y'], subtotal: 30, shipping: 0 },
      ],
    });
  });

  it('keeps one retailer when two deliveries would cost more than the price gaps save', () => {
    // A: 10 + 12 + 5 = 27; B: 12 + 10 + 5 = 27; split: 10 + 5 + 10 + 5 = 30.
    const plan = planBasket(
      [line('X', { a: 10, b: 12 }), line('Y', { a: 12, b: 10 })],
      [ship('a', 5, 50), ship('b', 5, 50)],
    );
    expect(plan.retailers.map((r) => [r.retailer, r.total])).toEqual([
      ['a', 27],
      ['b', 27],
    ]);
    expect(plan.split).toEqual({
      exact: true,
      total: 27,
      parts: [{ retailer: 'a', keys: ['X', 'Y'], subtotal: 22, shipping: 5 }],
    });
  });

  it('reaches a free-shipping threshold by moving a line to a dearer retailer', () => {
    // Cheapest per line: X at B (24), Y at A (16), Z at B (9) -> A 16+6, B 33+6 = 61.
    // Single A: 25 + 16 + 10 = 51, free from 40 -> 51. Single B: 24 + 20 + 9 = 53 -> 53.
    const plan = planBasket(
      [line('X', { a: 25, b: 24 }), line('Y', { a: 16, b: 20 }), line('Z', { a: 10, b: 9 })],
      [ship('a', 6, 40), ship('b', 6, 40)],
    );
    expect(plan.cheapestSingle?.total).toBe(51);
    expect(plan.split?.total).toBe(51);
    expect(plan.split?.parts).toEqual([{ retailer: 'a', keys: ['X', 'Y', 'Z'], subtotal: 51, shipping: 0 }]);
  });

  it('counts quantities and their thresholds', () => {
    // 3 x 12.99 = 38.97 at A: below 39, shipping 4.95 -> 43.92. B: 3 x 13.50 = 40.50, free -> 40.50.
    const plan = planBasket([line('X', { a: 12.99, b: 13.5 }, 3)], [ship('a', 4.95, 39), ship('b', 5.95, 40)]);
    expect(plan.retailers.map((r) => [r.retailer, r.subtotal, r.shipping, r.total])).toEqual([
      ['b', 40.5, 0, 40.5],
      ['a', 38.97, 4.95, 43.92],
    ]);
    expect(plan.split?.total).toBe(40.5);
  });

  it('names the products a retailer lacks and those nobody sells', () => {
    const plan = planBasket(
      [line('X', { a: 5, b: 6 }), line('Y', { b: 7 }), line('Gone', {})],
      [ship('a', 3, null), ship('b', 3, null)],
    );
    expect(plan.unavailable).toEqual(['Gone']);
    expect(plan.retailers).toEqual([
      { retailer: 'b', subtotal: 13, shipping: 3, total: 16, missing: [] },
      { retailer: 'a', subtotal: 5, shipping: 3, total: 8, missing: ['Y'] },
    ]);
    expect(plan.cheapestSingle?.retailer).toBe('b');
    // X at a (5+3) and Y at b (7+3) = 18 > 16: one parcel from b.
    expect(plan.split?.total).toBe(16);
  });

  it('has no single retailer when none sells everything, and still splits', () => {
    const plan = planBasket([line('X', { a: 5 }), line('Y', { b: 7 })], [ship('a', 3, 20), ship('b', 4, 20)]);
    expect(plan.cheapestSingle).toBeNull();
    expect(plan.split).toEqual({
      exact: true,
      total: 19,
      parts: [
        { retailer: 'a', keys: ['X'], subtotal: 5, shipping: 3 },
        { retailer: 'b', keys: ['Y'], subtotal: 7, shipping: 4 },
      ],
    });
  });

  it('is empty for an empty basket', () => {
    expect(planBasket([], [])).toEqual({
      retailers: [],
      cheapestSingle: null,
      split: null,
      unavailable: [],
      outOfStock: [],
    });
  });

  it('counts a retailer without known terms with no delivery cost', () => {
    const plan = planBasket([line('X', { z: 9.99 })], []);
    expect(plan.cheapestSingle).toEqual({ retailer: 'z', subtotal: 9.99, shipping: 0, total: 9.99, missing: [] });
  });

  it('matches an exhaustive search on many random baskets', () => {
    let seed = 42;
    const rand = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const ids = ['a', 'b', 'c', 'd'];
    for (let round = 0; round < 300; round += 1) {
      const shipping = ids.map((id) =>
        ship(id, Math.round(rand() * 800) / 100, rand() < 0.2 ? null : Math.round(rand() * 60)),
      );
      const lines = Array.from({ length: 1 + Math.floor(rand() * 6) }, (_, i) => {
        const prices: Record<string, number> = {};
        for (const id of ids) if (rand() < 0.75) prices[id] = Math.round(rand() * 3000) / 100;
        if (Object.keys(prices).length === 0) prices.a = 1;
        return line(`L${i}`, prices, 1 + Math.floor(rand() * 3));
      });
      expect(planBasket(lines, shipping).split?.total).toBeCloseTo(bruteForce(lines, shipping), 6);
    }
  });
});

/** Every assignment of lines to retailers, in cents: the reference the optimiser must equal. */
function bruteForce(lines: BasketLine[], shipping: RetailerShipping[]): number {
  let best = Infinity;
  const walk = (i: number, subtotals: Map<string, number>) => {
    if (i === lines.length) {
      let total = 0;
      for (const [id, sub] of subtotals) {
        const terms = shipping.find((s) => s.id === id)!;
        const free = terms.freeFrom !== null && sub >= Math.round(terms.freeFrom * 100);
        total += sub + (free ? 0 : Math.round(terms.cost * 100));
      }
      best = Math.min(best, total);
      return;
    }
    const current = lines[i]!;
    for (const [id, price] of Object.entries(current.prices)) {
      const next = new Map(subtotals);
      next.set(id, (next.get(id) ?? 0) + Math.round(price * 100) * current.quantity);
      walk(i + 1, next);
    }
  };
  walk(0, new Map());
  return best / 100;
}
