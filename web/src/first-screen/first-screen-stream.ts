import { PRICES_PART_ATTRIBUTE } from '@pharmaradar/shared/first-screen-markup';

// Runs in the small entry, before the app (ADR 167): no React, no zod here. The server draws the
// parts with the app's own components; this only reads its stream and swaps them.

/** An event's data: the server sends a JSON object in each. */
export type DrawnEventData = Record<string, unknown>;

/**
 * Reads the server's event stream with the app's parser (eventsource-parser, ADR 137), each event's
 * data as JSON; data that is not an object is skipped. The parser is fetched with the stream, not with the page: the home page's first
 * JavaScript has no room for it (the budget), and the stream's first event comes later than it.
 */
export async function readDrawnStream(
  url: URL,
  onEvent: (name: string, data: DrawnEventData) => void,
  signal?: AbortSignal,
): Promise<boolean> {
  const library = import('eventsource-parser');
  void library.catch(() => undefined); // awaited below only once the stream answers
  const response = await fetch(url, {
    credentials: 'same-origin',
    cache: 'no-store',
    headers: { Accept: 'text/event-stream', 'X-Requested-With': 'XMLHttpRequest' },
    ...(signal ? { signal } : {}),
  });
  if (!response.ok || !response.body) {
    await response.arrayBuffer().catch(() => undefined);
    return false;
  }
  const parser = (await library).createParser({
    onEvent(event) {
      const data: unknown = JSON.parse(event.data);
      if (data && typeof data === 'object') onEvent(event.event ?? 'message', data as DrawnEventData);
    },
  });
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return true;
    parser.feed(decoder.decode(value, { stream: true }));
  }
}

const partsOf = (root: ParentNode) => [...root.querySelectorAll(`[${PRICES_PART_ATTRIBUTE}]`)];
const nameOf = (node: Element) => node.getAttribute(PRICES_PART_ATTRIBUTE);

/**
 * Puts the drawn `html` parts in place of the page's parts of the same names, in page order; a page
 * without any takes them at the start of `slot` (the home page's results). False when they do not
 * match what the page shows (another build): nothing is changed then.
 */
export function swapParts(root: HTMLElement, html: string, slot?: Element | null): boolean {
  const fresh = partsOf(new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html').body);
  const shown = partsOf(root);
  if (fresh.length === 0) return false;
  if (shown.length === 0 && slot) {
    slot.prepend(...fresh.map((node) => document.adoptNode(node)));
    return true;
  }
  if (fresh.map(nameOf).join() !== shown.map(nameOf).join()) return false;
  shown.forEach((part, i) => part.replaceWith(document.adoptNode(fresh[i]!)));
  return true;
}

/**
 * The app's rule for its results (use-reveal-results.ts): a part that starts in the lower half of the
 * screen is scrolled to the top, once its first price is there, unless the visitor is typing in a
 * field whose words are not `query` (moving the page then would get in their way).
 */
export function revealPart(root: HTMLElement, query: string): void {
  const part = root.querySelector<HTMLElement>(`[${PRICES_PART_ATTRIBUTE}]`);
  const box = part?.getBoundingClientRect();
  // Already in view whole (a product page's best price beside its picture): the page stays still.
  if (!part || !box || box.top < window.innerHeight / 2 || box.bottom <= window.innerHeight) return;
  const active = document.activeElement;
  if (active instanceof HTMLInputElement && active.value.trim() !== query) return;
  const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  part.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' });
}
