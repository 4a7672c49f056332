import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { Splash } from './splash';
import { settleDrawnSplash, SPLASH_SEEN_KEY } from './splash-timing';

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

  // Last: the page's splash is a fact of the document for the rest of this file.
  it('not a second one when the server drew it with the page (ADR 120)', () => {
    const drawn = document.createElement('div');
    drawn.innerHTML = '<div class="splash" data-testid="splash" data-phase="visible"></div>';
    document.body.append(drawn);
    settleDrawnSplash(drawn);
    const { container } = renderWithProviders(<Splash />, { route: '/' });
    expect(container.querySelector('[data-testid="splash"]')).toBeNull();
    expect(screen.getAllByTestId('splash')).toHaveLength(1); // the drawn one, running on its own
    drawn.nextElementSibling?.remove();
    drawn.remove();
  });
});
