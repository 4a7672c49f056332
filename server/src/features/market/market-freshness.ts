/** One hour, in the unit the store keeps its times in (epoch ms). */
const HOUR_MS = 3_600_000;

/**
 * The store's one freshness rule: a stored price is fresh iff it was fetched less than `freshHours`
 * (MARKET_FRESH_H) hours before `now`. A price fetched exactly that long ago is stale, as is one
 * stamped in the future by a clock that went back (it cannot be trusted to be recent).
 */
export function isFresh(fetchedAt: number, now: number, freshHours: number): boolean {
  return fetchedAt <= now && now - fetchedAt < freshHours * HOUR_MS;
}

/** The oldest fetch time still fresh at `now`: the store's lookups ask for rows fetched after this. */
export function freshAfter(now: number, freshHours: number): number {
  return now - freshHours * HOUR_MS;
}

/** When a price fetched at `fetchedAt` stops being fresh (isFresh's bound): a page drawn with it asks again then. */
export function freshUntil(fetchedAt: number, freshHours: number): number {
  return fetchedAt + freshHours * HOUR_MS;
}
