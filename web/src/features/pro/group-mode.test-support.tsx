import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { DEFAULT_PRICING_SETTINGS } from '@pharmaradar/shared/pricing.schema';
import { renderWithProviders } from '../../test/render';
import { GroupMode } from './group-mode';

const GROUP_LABEL = { en: 'Group', fr: 'Groupe', nl: 'Groep' } as const;

/** Renders group mode and selects the group `id`, once the device's one stored group is listed. */
export async function openGroup(id: string, locale: keyof typeof GROUP_LABEL = 'en') {
  const view = renderWithProviders(<GroupMode settings={DEFAULT_PRICING_SETTINGS} onUsage={() => undefined} />, {
    locale,
  });
  const select = await screen.findByRole('combobox', { name: GROUP_LABEL[locale] });
  await waitFor(() => expect(within(select).getAllByRole('option').length).toBe(2));
  fireEvent.change(select, { target: { value: id } });
  return view;
}

/** The group table once "Analyse" has read the market prices (the lines alone show before it). */
export async function analysedTable() {
  await waitFor(() => expect(screen.queryByTestId('pro-not-analysed')).toBeNull());
  return screen.getByTestId('pro-group-table');
}
