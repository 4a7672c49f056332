import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRICES_PART_ATTRIBUTE } from '@pharmaradar/shared/first-screen-markup';
import { revealPart } from './first-screen-stream';

// ADR 167: once a price is drawn, the price part is brought into view, unless the page need not move.

function drawnPart(top: number, bottom: number) {
  document.body.innerHTML = `<div id="root"><section ${PRICES_PART_ATTRIBUTE}="best"></section></div>`;
  const part = document.querySelector<HTMLElement>(`[${PRICES_PART_ATTRIBUTE}]`)!;
  part.getBoundingClientRect = () =>
    ({ top, bottom, left: 0, right: 360, width: 360, height: bottom - top }) as DOMRect;
  part.scrollIntoView = vi.fn();
  return { root: document.getElementById('root')!, part };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('revealPart on a 740 px screen', () => {
  it('scrolls a part that starts in the lower half and runs below the screen', () => {
    vi.stubGlobal('innerHeight', 740);
    const { root, part } = drawnPart(500, 1400);
    revealPart(root, '');
    expect(part.scrollIntoView).toHaveBeenCalledTimes(1);
  });

  it('leaves the page still when the part is in view whole, even in the lower half', () => {
    vi.stubGlobal('innerHeight', 740);
    const { root, part } = drawnPart(400, 460);
    revealPart(root, '');
    expect(part.scrollIntoView).not.toHaveBeenCalled();
  });

  it('leaves the page still when the part starts in the upper half', () => {
    vi.stubGlobal('innerHeight', 740);
    const { root, part } = drawnPart(200, 1400);
    revealPart(root, '');
    expect(part.scrollIntoView).not.toHaveBeenCalled();
  });
});
