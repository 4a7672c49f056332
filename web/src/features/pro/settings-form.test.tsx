import { useState } from 'react';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PricingSettings } from '@pharmaradar/shared/pricing.schema';
import { renderWithProviders } from '../../test/render';
import { SettingsForm } from './settings-form';

// The margins shown are the margins used, and a change saves only what was changed.
const stored = (min: number, ideal: number, strategy: PricingSettings['strategy'] = 'balanced') => ({
  minMarginPercent: min,
  idealMarginPercent: ideal,
  strategy,
});

/** The page's part: settings as the store holds them, replaced when a sync brings others. */
let storeUpdates: (settings: PricingSettings) => void = () => undefined;
function Page({ onChange }: { onChange: (patch: Partial<PricingSettings>) => Promise<void> }) {
  const [settings, setSettings] = useState<PricingSettings>(stored(20, 30));
  storeUpdates = setSettings;
  return <SettingsForm settings={settings} onChange={onChange} />;
}

describe('settings form', () => {
  it('shows the stored values when the store updates (synced from another device), and saves only the changed field', async () => {
    const saved: Partial<PricingSettings>[] = [];
    const onChange = async (patch: Partial<PricingSettings>) => {
      saved.push(patch);
    };
    renderWithProviders(<Page onChange={onChange} />, { locale: 'fr' });
    const min = await screen.findByRole('textbox', { name: 'Marge minimale (%)' });
    expect((min as HTMLInputElement).value).toBe('20');
    // The sync brings device A's margins: the form shows them, not what it read when it mounted.
    act(() => storeUpdates(stored(22, 33)));
    expect((min as HTMLInputElement).value).toBe('22');
    expect((screen.getByRole('textbox', { name: 'Marge idéale (%)' }) as HTMLInputElement).value).toBe('33');
    fireEvent.change(screen.getByRole('combobox', { name: 'Stratégie' }), { target: { value: 'aggressive' } });
    await waitFor(() => expect(saved).toEqual([{ strategy: 'aggressive' }]));
    fireEvent.change(min, { target: { value: '25' } });
    await waitFor(() => expect(saved[1]).toEqual({ minMarginPercent: 25 }));
  });

  it('keeps what the person is typing when it already means the stored value', async () => {
    renderWithProviders(<Page onChange={async () => undefined} />, { locale: 'en' });
    const min = await screen.findByRole('textbox', { name: 'Minimum margin (%)' });
    fireEvent.change(min, { target: { value: '22,' } });
    act(() => storeUpdates(stored(22, 30)));
    expect((min as HTMLInputElement).value).toBe('22,');
  });

  it('keeps what the person is typing when another device’s margin arrives, and shows that margin once they leave the field', async () => {
    const saved: Partial<PricingSettings>[] = [];
    renderWithProviders(<Page onChange={async (patch) => void saved.push(patch)} />, { locale: 'nl' });
    const ideal = await screen.findByRole('textbox', { name: 'Ideale marge (%)' });
    // Halfway through "35": "3" is below the minimum, nothing is saved yet.
    fireEvent.focus(ideal);
    fireEvent.change(ideal, { target: { value: '3' } });
    act(() => storeUpdates(stored(20, 40)));
    expect((ideal as HTMLInputElement).value).toBe('3');
    fireEvent.change(ideal, { target: { value: '35' } });
    await waitFor(() => expect(saved).toEqual([{ idealMarginPercent: 35 }]));
    // Another device's later margin, then the person leaves the field: the stored margin shows.
    act(() => storeUpdates(stored(20, 45)));
    expect((ideal as HTMLInputElement).value).toBe('35');
    fireEvent.blur(ideal);
    expect((ideal as HTMLInputElement).value).toBe('45');
  });

  // Another device's value arrives while the person types; they leave the field before their own save
  // is stored: their text stays until the page holds the merged settings, the remote value never shows.
  it('after a margin is left, shows what was typed until its save is stored, never the other device’s margin in between', async () => {
    let store: () => void = () => undefined;
    const onChange = (patch: Partial<PricingSettings>) =>
      new Promise<void>((resolve) => {
        // The device's store takes the save a moment later, merged onto the synced values.
        store = () => {
          storeUpdates({ ...stored(20, 40), ...patch });
          resolve();
        };
      });
    renderWithProviders(<Page onChange={onChange} />, { locale: 'nl' });
    const ideal = (await screen.findByRole('textbox', { name: 'Ideale marge (%)' })) as HTMLInputElement;
    fireEvent.focus(ideal);
    fireEvent.change(ideal, { target: { value: '3' } });
    act(() => storeUpdates(stored(20, 40)));
    fireEvent.change(ideal, { target: { value: '35' } });
    fireEvent.blur(ideal);
    expect(ideal.value).toBe('35');
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    expect(ideal.value).toBe('35');
    await act(async () => store());
    expect(ideal.value).toBe('35');
    // Released: the next value another device sends shows.
    act(() => storeUpdates(stored(20, 45)));
    expect(ideal.value).toBe('45');
  });

  it('shows the strategy picked until its save is stored, never the other device’s in between', async () => {
    let store: () => void = () => undefined;
    const onChange = (patch: Partial<PricingSettings>) =>
      new Promise<void>((resolve) => {
        store = () => {
          storeUpdates({ ...stored(20, 30, 'conservative'), ...patch });
          resolve();
        };
      });
    renderWithProviders(<Page onChange={onChange} />, { locale: 'fr' });
    const strategy = (await screen.findByRole('combobox', { name: 'Stratégie' })) as HTMLSelectElement;
    fireEvent.change(strategy, { target: { value: 'aggressive' } });
    expect(strategy.value).toBe('aggressive');
    act(() => storeUpdates(stored(20, 30, 'conservative')));
    expect(strategy.value).toBe('aggressive');
    await act(async () => store());
    expect(strategy.value).toBe('aggressive');
  });
});
