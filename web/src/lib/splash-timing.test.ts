import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageDrawnByServer, settleDrawnSplash, SPLASH_SEEN_KEY } from './splash-timing';

// ADR 166: a page the server drew is on screen at once; no splash hides it, whatever its timings.
function drawnPage(): HTMLElement {
  document.body.innerHTML =
    '<div id="root"><main><h1>Home</h1></main>' +
    '<div class="splash" data-testid="splash" data-phase="visible" aria-hidden="true"><p>PharmaRadar</p></div></div>';
  return document.getElementById('root')!;
}

const splash = () => document.querySelector<HTMLElement>('[data-testid="splash"]');

beforeEach(() => {
  vi.useFakeTimers();
  sessionStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('a page the server drew (ADR 166)', () => {
  it('is never covered: a splash left in its markup goes at once, before any time has passed', () => {
    const root = drawnPage();
    settleDrawnSplash(root);
    expect(splash()).toBeNull();
    expect(root.querySelector('h1')?.textContent).toBe('Home');
    expect(pageDrawnByServer()).toBe(true);
  });

  it('counts as the landing of the session: a later shell of this session shows no splash', () => {
    document.body.innerHTML = '<div id="root"><main><h1>Home</h1></main></div>';
    settleDrawnSplash(document.getElementById('root')!);
    expect(sessionStorage.getItem(SPLASH_SEEN_KEY)).toBe('1');
    expect(document.body.innerHTML).toBe('<div id="root"><main><h1>Home</h1></main></div>');
  });
});
