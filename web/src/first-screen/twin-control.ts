/**
 * A control of the server-drawn page and its twin in the app's page are different elements: what the
 * visitor did to one before the takeover (a tap held for the app, a press the commit cut, the focus)
 * is carried to the other by what both pages show. One list and one key, so the drawn page's replay
 * (first-screen-start.ts, ADR 120) and the takeover's (takeover-tap.ts, ADR 182) find the same twin.
 */

/** What a person can tap or focus to act: links and disclosures included, text fields not (they are handed over by name). */
export const TWIN_CONTROLS =
  'a[href], button, summary, [role="button"], [role="link"], [role="tab"], [role="switch"], input[type="checkbox"], input[type="radio"]';

/**
 * What a control is on both pages: tag, where a link goes, type, role, name, label and text; what a
 * person sees and what it does (never a test id, and not React's generated ids, which differ). The
 * text's white space is folded: the server's markup and React's may lay the same words out differently.
 */
export function twinKey(node: Element): string {
  return [
    node.tagName,
    node.getAttribute('href') ?? '',
    node.getAttribute('type') ?? '',
    node.getAttribute('role') ?? '',
    node.getAttribute('name') ?? '',
    node.getAttribute('aria-label') ?? '',
    (node.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 80),
  ].join('|');
}

/** The controls in `root` that are the twin of the one known by `key` (more than one: none can be chosen). */
export const twinsOf = (root: ParentNode, key: string): HTMLElement[] =>
  [...root.querySelectorAll<HTMLElement>(TWIN_CONTROLS)].filter((node) => twinKey(node) === key);
