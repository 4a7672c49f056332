import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '@pharmaradar/shared/locales';
import { useOnlineStatus } from '../../lib/network/use-online-status';
import { renderWithProviders } from '../../test/render';
import { OfflineNotice } from './search-notices';
import { setConnection } from '../../test/connection';

afterEach(() => {
  vi.restoreAllMocks();
});

/** The notice fed by the real online-status hook, as LivePrices does. */
function renderNotice(reason: 'offline' | 'unreachable', locale: Locale = 'fr') {
  const onRetry = vi.fn();
  function Connected() {
    const online = useOnlineStatus();
    return <OfflineNotice reason={reason} savedAt="2026-03-14T09:30:00.000Z" online={online} onRetry={onRetry} />;
  }
  renderWithProviders(<Connected />, { locale });
  return onRetry;
}

const title = () => screen.getByTestId('cached-notice-title').textContent;

describe('OfflineNotice', () => {
  it('says the user is offline, then "back online" and refreshes the prices once when the connection returns (fr)', () => {
    setConnection(false);
    const onRetry = renderNotice('offline');
    expect(title()).toBe('Vous êtes hors ligne : les prix ne peuvent pas être actualisés.');
    expect(screen.queryByRole('button')).toBeNull();

    setConnection(true);
    expect(title()).toBe('Connexion rétablie');
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Actualiser les prix' })).toBeTruthy();

    // A flapping connection does not turn into a stream of searches.
    setConnection(false);
    expect(title()).toBe('Vous êtes hors ligne : les prix ne peuvent pas être actualisés.');
    setConnection(true);
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['en', 'Back online'],
    ['nl', 'Weer online'],
  ] as const)('says it is back online in %s', (locale, text) => {
    setConnection(false);
    const onRetry = renderNotice('offline', locale);
    setConnection(true);
    expect(title()).toBe(text);
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('does not refresh by itself when it was shown while online (server unreachable): the button does', () => {
    setConnection(true);
    const onRetry = renderNotice('unreachable', 'en');
    expect(title()).toBe('The server is not answering: prices cannot be refreshed.');
    expect(onRetry).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh prices' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
