import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { ScanButton } from './scan-button';

// The scan button beside the search field and what the dialog says when the camera cannot be used.
// getUserMedia is the browser's: here it is missing (jsdom) or refuses as a browser does.

/** The button as the search form shows it: beside a field that "type the CNK" focuses. */
function renderForm(locale: 'fr' | 'en' | 'nl' = 'en') {
  const onCode = vi.fn();
  renderWithProviders(
    <div>
      <input data-testid="search-input" />
      <ScanButton onCode={onCode} onTypeInstead={() => document.querySelector<HTMLInputElement>('input')?.focus()} />
    </div>,
    { locale },
  );
  return onCode;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe('scan button', () => {
  it('says the browser cannot scan where there is no camera API, and "type the CNK" focuses the field', async () => {
    renderForm('en');
    fireEvent.click(screen.getByRole('button', { name: 'Scan a pack’s barcode' }));
    const status = await screen.findByTestId('scan-status');
    await waitFor(() => expect(status.getAttribute('data-state')).toBe('unsupported'));
    expect(status.textContent).toBe('This browser cannot read barcodes with the camera. Type the CNK instead.');
    expect(screen.getByTestId('scan-dialog').textContent).toContain('cannot be read by the camera: type its 7 digits');
    fireEvent.click(screen.getByTestId('scan-type-cnk'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('search-input')));
    expect(screen.queryByTestId('scan-dialog')).toBeNull();
  });

  it('tells a user who refused the camera how to allow it, in their language', async () => {
    const getUserMedia = vi.fn().mockRejectedValue(new DOMException('Permission denied', 'NotAllowedError'));
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
    renderForm('nl');
    fireEvent.click(screen.getByRole('button', { name: 'Scan de streepjescode van een verpakking' }));
    const status = await screen.findByTestId('scan-status');
    await waitFor(() => expect(status.getAttribute('data-state')).toBe('denied'));
    expect(status.textContent).toContain('Toegang tot de camera is geweigerd');
    expect(getUserMedia).toHaveBeenCalledWith(expect.objectContaining({ audio: false }));
  });

  it('says so when the device has no camera', async () => {
    const getUserMedia = vi.fn().mockRejectedValue(new DOMException('Requested device not found', 'NotFoundError'));
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
    renderForm('fr');
    fireEvent.click(screen.getByRole('button', { name: 'Scanner le code-barres d’une boîte' }));
    const status = await screen.findByTestId('scan-status');
    await waitFor(() => expect(status.getAttribute('data-state')).toBe('notFound'));
    expect(status.textContent).toBe('Aucune caméra n’a été trouvée sur cet appareil. Tapez le CNK à la place.');
  });
});
