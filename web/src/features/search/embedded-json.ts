import type { z } from 'zod';

/**
 * The JSON a server-drawn page (ADR 119, ADR 121) carries in `<script type="application/json"
 * id={id}>`, read once (the element goes, so a later visit of the page fetches as usual) and checked
 * with `schema`; null when absent or unreadable, as if the page had carried none.
 */
export function takeEmbeddedJson<T>(id: string, schema: z.ZodType<T>): T | null {
  if (typeof document === 'undefined') return null;
  const element = document.getElementById(id);
  if (!element) return null;
  element.remove();
  try {
    return schema.parse(JSON.parse(element.textContent ?? ''));
  } catch {
    return null;
  }
}
