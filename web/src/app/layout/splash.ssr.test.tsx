// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { renderFirstScreen } from '../ssr/first-screen.ssr';

// ADR 166: the home page the server draws is on screen at the first paint; no splash is drawn over it
// (on a phone it hid the drawn page for up to 1.7 s). Rendered here as the server does, with no window.
describe('the home page drawn on the server', () => {
  it('carries no splash, in any language, and still its heading and search field', () => {
    for (const [locale, path] of [
      ['fr', '/'],
      ['en', '/en'],
      ['nl', '/nl'],
    ] as const) {
      const html = renderFirstScreen({ page: 'home', locale, path });
      expect(html).not.toMatch(/class="splash|data-testid="splash"/);
      expect(html).toContain('<h1');
      expect(html).toContain('name="q"');
    }
  });
});
