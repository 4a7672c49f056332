// What a server-drawn page (ADR 119, ADR 121, ADR 167) was drawn with, for the page that takes it
// over: every seed is read the same way, once, then checked by the reader its page gives
// (`SeedCheck`). This module imports no zod and no feature: the home page's first JavaScript has no
// room for zod (the budget), so the product page passes its zod schemas and the home page a light
// check of its own.

/** A seed's check: the value read as the seed, or null when it is not one. */
export type SeedCheck<T> = (value: unknown) => T | null;

/**
 * The JSON a drawn page carries in `<script type="application/json" id={id}>`, read once (the
 * element goes, so a later visit of the page fetches as usual) and given to `check`; null when
 * absent or unreadable, as if the page had carried none.
 */
export function takeEmbeddedJson<T>(id: string, check: SeedCheck<T>): T | null {
  if (typeof document === 'undefined') return null;
  const element = document.getElementById(id);
  if (!element) return null;
  element.remove();
  try {
    return check(JSON.parse(element.textContent ?? ''));
  } catch {
    return null;
  }
}
