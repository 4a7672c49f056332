import { useState } from 'react';
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import type { GroupRow } from './group-rows';
import { PurchaseCell } from './purchase-cell';
import { VatCell } from './vat-selection';

// A line's purchase price and VAT, typed or picked while a pull from another device changes the same
// line: what the person entered shows until their save is stored, then the merged value.

const ROW = {
  cnk: '1000001',
  name: 'Dafalgan',
  official: null,
  vatPercent: 6,
  vatSource: null,
  purchaseExVat: 3.5,
  offers: [],
  record: undefined,
  mark: 'no_stored_price',
  ageMs: null,
} as unknown as GroupRow;

/** The group's line as the page holds it, replaced when a sync or a save lands. */
let storeUpdates: (patch: Partial<GroupRow>) => void = () => undefined;
/** Lands the pending save in the store (and settles it). */
let store: () => void = () => undefined;

function Line() {
  const [row, setRow] = useState<GroupRow>(ROW);
  storeUpdates = (patch) => setRow((r) => ({ ...r, ...patch }));
  const later = (patch: Partial<GroupRow>) =>
    new Promise<void>((resolve) => {
      store = () => {
        storeUpdates(patch);
        resolve();
      };
    });
  return (
    <table>
      <tbody>
        <tr>
          <PurchaseCell row={row} onChange={(_, purchaseExVat) => later({ purchaseExVat })} />
          <VatCell row={row} onChange={(_, vatPercent) => later({ vatPercent, vatSource: 'pharmacist' })} />
        </tr>
      </tbody>
    </table>
  );
}

describe('a line typed while another device changes it', () => {
  it.each(['Enter', 'blur'])(
    'keeps the purchase price typed until its save is stored (left with %s), never the other device’s in between',
    async (how) => {
      renderWithProviders(<Line />, { locale: 'nl' });
      const price = (await screen.findByRole('textbox', {
        name: 'Aankoopprijs excl. btw van Dafalgan',
      })) as HTMLInputElement;
      expect(price.value).toBe('3,50');
      fireEvent.focus(price);
      fireEvent.change(price, { target: { value: '4,1' } });
      act(() => storeUpdates({ purchaseExVat: 5 }));
      expect(price.value).toBe('4,1');
      if (how === 'Enter') fireEvent.keyDown(price, { key: 'Enter' });
      else fireEvent.blur(price);
      expect(price.value).toBe('4,1');
      await act(async () => new Promise((r) => setTimeout(r, 20)));
      expect(price.value).toBe('4,1');
      await act(async () => store());
      expect(price.value).toBe('4,10');
    },
  );

  it('keeps the VAT picked until its save is stored, never the other device’s in between', async () => {
    renderWithProviders(<Line />, { locale: 'fr' });
    const vat = (await screen.findByRole('combobox', { name: 'TVA de Dafalgan' })) as HTMLSelectElement;
    fireEvent.change(vat, { target: { value: '21' } });
    expect(vat.value).toBe('21');
    act(() => storeUpdates({ vatPercent: 12 }));
    expect(vat.value).toBe('21');
    await act(async () => store());
    expect(vat.value).toBe('21');
    // Released: the next rate another device sends shows.
    act(() => storeUpdates({ vatPercent: 0 }));
    expect(vat.value).toBe('0');
  });
});
