// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { safeHttpUrl } from './retailers';

// On the server, where a drawn page is made (ADR 119, ADR 121), there is no page address to resolve
// a path against: the offers of the demo shops (served by our own server) keep their path.
describe('safeHttpUrl where there is no page (the server drawing a page)', () => {
  it('keeps a path as a path and an http(s) address as it is', () => {
    expect(typeof window).toBe('undefined');
    expect(safeHttpUrl('/__demo/retailers/farmaline/fr/p.htm?x=1#y')).toBe(
      '/__demo/retailers/farmaline/fr/p.htm?x=1#y',
    );
    expect(safeHttpUrl('https://www.farmaline.be/x')).toBe('https://www.farmaline.be/x');
    expect(safeHttpUrl('//shop.example/p')).toBe('http://shop.example/p');
  });

  it('still refuses what is not http(s)', () => {
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', 'mailto:a@b.c', '   ', null])
      expect(safeHttpUrl(bad)).toBeNull();
  });
});
