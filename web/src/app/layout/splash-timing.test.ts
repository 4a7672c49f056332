import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settleDrawnSplash, SPLASH_SEEN_KEY, splashDrawnByServer } from './splash-timing';

// ADR 120: the splash drawn with the home page runs before (and without) the app, timed from the landing.
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

describe('the splash drawn with the page', () => {
  it('a session that has seen it gets it removed at once, and the app may show none either', () => {
    sessionStorage.setItem(SPLASH_SEEN_KEY, '1');
    settleDrawnSplash(drawnPage());
    expect(splash()).toBeNull();
    expect(splashDrawnByServer()).toBe(false);
  });

  it('leaves #root for the app, fades 2.3 s and goes 3.2 s after the landing, then is marked seen', () => {
    // The page ran its code 500 ms after the landing: the times count from the landing, not from then.
    vi.spyOn(performance, 'now').mockReturnValue(500);
    const root = drawnPage();
    settleDrawnSplash(root);
    expect(root.querySelector('.splash')).toBeNull();
    expect(root.nextElementSibling).toBe(splash());
    expect(splashDrawnByServer()).toBe(true);

    vi.advanceTimersByTime(1799);
    expect(splash()?.dataset.phase).toBe('visible');
    vi.advanceTimersByTime(1);
    expect(splash()?.dataset.phase).toBe('hidden');
    expect(splash()?.classList.contains('splash--hidden')).toBe(true);
    expect(sessionStorage.getItem(SPLASH_SEEN_KEY)).toBeNull();
    vi.advanceTimersByTime(899);
    expect(splash()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(splash()).toBeNull();
    expect(sessionStorage.getItem(SPLASH_SEEN_KEY)).toBe('1');
  });

  it('a page without a drawn splash is left as it is', () => {
    document.body.innerHTML = '<div id="root"><main><h1>Product</h1></main></div>';
    settleDrawnSplash(document.getElementById('root')!);
    expect(document.body.innerHTML).toBe('<div id="root"><main><h1>Product</h1></main></div>');
  });
});
