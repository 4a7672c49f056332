import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { AppScrollRestoration, TakeoverContext } from './scroll-restoration';

// The router's own sessionStorage key: a position saved there for the address on an earlier visit
// (a fresh document's entry is known by its address).
const SAVED = 'react-router-scroll-positions';

function start(tookOver: boolean, at = '/?q=dafalgan') {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <Outlet />
            <AppScrollRestoration />
          </>
        ),
        children: [
          { index: true, element: <p id="results">results</p> },
          { path: 'next', element: <p>next</p> },
        ],
      },
    ],
    { initialEntries: [at] },
  );
  render(
    <TakeoverContext.Provider value={tookOver}>
      <RouterProvider router={router} />
    </TakeoverContext.Provider>,
  );
  return router;
}

const scrolledAt = (y: number) => Object.defineProperty(window, 'scrollY', { value: y, configurable: true });

describe('AppScrollRestoration', () => {
  let scrollTo: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    scrollTo = vi.fn();
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
    Element.prototype.scrollIntoView = vi.fn();
    sessionStorage.setItem(SAVED, JSON.stringify({ '/?q=dafalgan': 900 }));
    scrolledAt(0);
  });
  afterEach(() => sessionStorage.clear());

  it('the takeover of a drawn page moves nothing: no top, no stale position, no #fragment', async () => {
    start(true, '/?q=dafalgan#results');
    await act(async () => {});
    expect(scrollTo).not.toHaveBeenCalled();
    expect(Element.prototype.scrollIntoView).not.toHaveBeenCalled();
  });

  it('after the takeover a navigation opens the next page at its top, and Back restores the drawn page where it was left', async () => {
    const router = start(true);
    await act(async () => {});
    scrolledAt(420);
    await act(() => router.navigate('/next'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    scrolledAt(0);
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?q=dafalgan');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 420);
  });

  it('a search address the takeover follows (replaced, without a scroll reset) keeps the place too', async () => {
    const router = start(true, '/');
    await act(async () => {});
    await act(() => router.navigate('/?q=dafalgan', { replace: true, preventScrollReset: true }));
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('an app started without a drawn page keeps the router rule: the saved position of the address', async () => {
    start(false);
    await act(async () => {});
    expect(scrollTo).toHaveBeenLastCalledWith(0, 900);
  });
});
