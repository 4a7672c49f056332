import { expect } from 'vitest';

/** react-intl shows the id of a missing message: none may reach the page. */
export function expectNoRawMessageIds(container: HTMLElement): void {
  expect(container.textContent ?? '').not.toMatch(/\b(info|contact)\.[a-z]+\.[a-zA-Z.]+/);
}

export function headingTexts(container: HTMLElement, level: 1 | 2 | 3): string[] {
  return Array.from(container.querySelectorAll(`h${level}`), (h) => (h.textContent ?? '').trim());
}
