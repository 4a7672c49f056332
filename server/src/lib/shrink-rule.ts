// The one rule that refuses an import which would remove most of what is live (ADR 171): a product feed
// and the official catalogue both apply it, so a half-written file never empties either of them.

/** An import that keeps fewer than this share of the live rows is refused; exactly half is accepted. */
export const MIN_KEPT_SHARE = 0.5;

/** True when `next` rows would replace `live` ones and fewer than half of them remain (none live: false). */
export function hasShrunk(next: number, live: number): boolean {
  return next < live * MIN_KEPT_SHARE;
}
