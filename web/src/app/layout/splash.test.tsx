import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { Splash } from './splash';
import { settleDrawnSplash, SPLASH_SEEN_KEY } from '../../lib/splash-timing';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('splash (docs/product.md#shell, docs/product.md#constants)', () => {
  it('on landing on home: visible, fades at 2.3 s, removed at 3.2 s, then marked seen', () => {
    renderWithProviders(<Splash />, { route: '/' });
    const splash = screen.getByTestId('splash');
    expect(splash.dataset.phase).toBe('visible');
    act(() => vi.advanceTimersByTime(2299));
    expect(splash.classList.contains('splash--hidden')).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('splash').classList.contains('splash--hidden')).toBe(true);
    expect(sessionStorage.getItem(SPLASH_SEEN_KEY)).toBeNull();
    act(() => vi.advanceTimersByTime(899));
    expect(screen.getByTestId('splash')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('splash')).toBeNull();
    expect(sessionStorage.getItem(SPLASH_SEEN_KEY)).not.toBeNull();
  });

  it('also on a prefixed home', () => {
    renderWithProviders(<Splash />, { route: '/nl', locale: 'nl' });
    expect(screen.getByTestId('splash').textContent).toContain('De prijsradar voor de apotheek');
  });

  it('not when already seen in the session', () => {
    sessionStorage.setItem(SPLASH_SEEN_KEY, '1');
    renderWithProviders(<Splash />, { route: '/' });
    expect(screen.queryByTestId('splash')).toBeNull();
  });

  it('not when landing on a shared search link (/?q=...), in any language', () => {
    renderWithProviders(<Splash />, { route: '/?q=dafalgan' });
    expect(screen.queryByTestId('splash')).toBeNull();
    renderWithProviders(<Splash />, { route: '/nl?q=dafalgan', locale: 'nl' });
    expect(screen.queryByTestId('splash')).toBeNull();
  });

  it('still on home with an empty query or other parameters', () => {
    renderWithProviders(<Splash />, { route: '/?q=%20&utm_source=mail' });
    expect(screen.getByTestId('splash').dataset.phase).toBe('visible');
  });

  it('not when landing on another page', () => {
    renderWithProviders(<Splash />, { route: '/about' });
    expect(screen.queryByTestId('splash')).toBeNull();
  });

  // Last: a drawn page is a fact of the document for the rest of this file.
  it('not over a page the server drew, even on a first landing on home (ADR 166)', () => {
    const drawn = document.createElement('div');
    drawn.innerHTML = '<main><h1>Home</h1></main>';
    document.body.append(drawn);
    settleDrawnSplash(drawn);
    sessionStorage.clear(); // even a session that somehow never counted as landed
    renderWithProviders(<Splash />, { route: '/' });
    act(() => vi.advanceTimersByTime(100));
    expect(screen.queryByTestId('splash')).toBeNull();
    drawn.remove();
  });
});
