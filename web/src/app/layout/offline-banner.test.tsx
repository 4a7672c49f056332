import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { OfflineBanner } from './offline-banner';

function setOnline(online: boolean) {
  act(() => {
    Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => setOnline(true));

describe('offline banner', () => {
  it('appears when the connection drops and goes away when it is back (fr text of docs/product.md#shell)', () => {
    renderWithProviders(<OfflineBanner />);
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    setOnline(false);
    const banner = screen.getByRole('status');
    expect(banner.dataset.testid).toBe('offline-banner');
    expect(banner.textContent).toBe('Connexion internet perdue. Certaines fonctionnalités peuvent ne pas fonctionner.');
    setOnline(true);
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });

  it('publishes its height while shown, so the sticky headers sit below it', () => {
    const height = () => document.documentElement.style.getPropertyValue('--offline-banner-height');
    renderWithProviders(<OfflineBanner />);
    expect(height()).toBe('');
    setOnline(false);
    expect(height()).toMatch(/^\d+(\.\d+)?px$/);
    setOnline(true);
    expect(height()).toBe('');
  });

  it('shows at start when the browser is already offline, in English and Dutch', () => {
    setOnline(false);
    const en = renderWithProviders(<OfflineBanner />, { locale: 'en' });
    expect(screen.getByTestId('offline-banner').textContent).toBe(
      'Internet connection lost. Some features may not work.',
    );
    en.unmount();
    renderWithProviders(<OfflineBanner />, { locale: 'nl' });
    expect(screen.getByTestId('offline-banner').textContent).toBe(
      'Internetverbinding verbroken. Sommige functies werken mogelijk niet.',
    );
  });
});
