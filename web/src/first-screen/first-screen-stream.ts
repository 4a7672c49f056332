import { PRICES_PART_ATTRIBUTE } from '@pharmaradar/shared/first-screen-markup';

// Runs in the small entry, before the app (ADR 167): no React, no zod, no SSE library here. The
// server draws the parts with the app's own components; this only reads its stream and swaps them.

/** Reads the server's event stream (`event:` and `data:` lines, a blank line between events). */
export async function readDrawnStream(
  url: URL,
  onEvent: (name: string, data: unknown) => void,
  signal?: AbortSignal,
): Promise<boolean> {
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
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return true;
    buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      let name = 'message';
      const data: string[] = [];
      for (const line of buffer.slice(0, end).split('\n')) {
        if (line.startsWith('event:')) name = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      buffer = buffer.slice(end + 2);
      if (data.length > 0) onEvent(name, JSON.parse(data.join('\n')));
    }
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
