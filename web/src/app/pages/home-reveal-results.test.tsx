import 'fake-indexeddb/auto';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serveSearchApi } from '../../test/fakes/serve-search-api';
import { renderWithProviders } from '../../test/render';
import HomePage from './home.page';
import { dafalganStream } from '../../features/search/testing/search-fixtures';
import { deferred, sse } from '../../test/fakes/search-api-server';

// jsdom lays nothing out: the results region is placed below the fold (as on a 390 px phone, under the
// hero and the chips) and scrollIntoView, which jsdom lacks, is recorded.
const scrolled: Element[] = [];
const server = serveSearchApi();
beforeEach(async () => {
  scrolled.length = 0;
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this);
  };
  const rect = Element.prototype.getBoundingClientRect;
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    return this.classList.contains('home__results') ? new DOMRect(0, 900, 390, 600) : rect.call(this);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

const results = () => screen.getByTestId('search-results');
/** The search is over and React has run the effects of its last render (they follow the paint). */
async function complete() {
  await waitFor(() => expect(screen.getByTestId('search-stage').getAttribute('data-stage')).toBe('complete'));
  await act(async () => undefined);
}

describe('bringing the results into view after a search (phone)', () => {
  it('scrolls to the results and focuses them once the first offers arrive after a chip', async () => {
    const gate = deferred();
    server.handle(sse(dafalganStream({ afterFirst: gate.promise })));
    renderWithProviders(<HomePage />, { locale: 'fr' });
    const chip = screen.getByRole('button', { name: 'dafalgan' });
    chip.focus();
    fireEvent.click(chip);
    await screen.findByTestId('offer');
    await waitFor(() => expect(scrolled).toEqual([results()]));
    expect(document.activeElement).toBe(results());
    expect(results().getAttribute('aria-label')).toBe('Résultats pour « dafalgan »');

    // Later answers of the same search do not scroll again.
    gate.resolve();
    await complete();
    expect(scrolled).toHaveLength(1);
  });

  it('does the same after a submit from the search field', async () => {
    server.handle(sse(dafalganStream()));
    renderWithProviders(<HomePage />, { locale: 'fr' });
    const input = screen.getByTestId('search-input');
    input.focus();
    fireEvent.change(input, { target: { value: 'dafalgan' } });
    fireEvent.click(screen.getByTestId('search-submit'));
    await complete();
    expect(scrolled).toEqual([results()]);
    expect(document.activeElement).toBe(results());
  });

  it('leaves the page and the focus alone while the user types another query', async () => {
    const first = deferred();
    // Hold even the first answer until the user has started typing again.
    server.handle(async (req, res, url) => {
      await first.promise;
      await sse(dafalganStream())(req, res, url);
    });
    renderWithProviders(<HomePage />, { locale: 'fr' });
    fireEvent.click(screen.getByRole('button', { name: 'dafalgan' }));
    await waitFor(() => expect(screen.getByTestId('search-input')).toHaveProperty('value', 'dafalgan'));
    const input = screen.getByTestId('search-input');
    input.focus();
    fireEvent.change(input, { target: { value: 'ibupro' } });
    first.resolve();
    await complete();
    expect(scrolled).toEqual([]);
    expect(document.activeElement).toBe(input);
  });

  it('does not move anything for a search the page opened from its URL', async () => {
    server.handle(sse(dafalganStream()));
    renderWithProviders(<HomePage />, { locale: 'fr', route: '/?q=dafalgan' });
    await complete();
    expect(scrolled).toEqual([]);
  });
});
