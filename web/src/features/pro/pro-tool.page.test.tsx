import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import ProToolPage from './pro-tool.page';

describe('Pro tool page', () => {
  it.each([
    ['en', 'Enter a valid CNK (6–7 digits).'],
    ['fr', 'Saisissez un CNK valide (6 à 7 chiffres).'],
    ['nl', 'Voer een geldige CNK in (6–7 cijfers).'],
  ] as const)('%s: refuses a CNK that is not 6–7 digits before asking the server', async (locale, message) => {
    renderWithProviders(<ProToolPage />, { locale, route: '/pro' });
    const field = await screen.findByRole('textbox', { name: 'CNK' });
    fireEvent.change(field, { target: { value: '12ab' } });
    fireEvent.submit(field.closest('form')!);
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it("sits in the layout's main landmark instead of opening a second one", async () => {
    renderWithProviders(<ProToolPage />, { locale: 'en', route: '/en/nego' });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryAllByRole('main')).toEqual([]);
    expect(screen.getByTestId('pro-tool-page').tagName).toBe('DIV');
  });

  it('group mode: a group needs a name, and analysing needs a non-empty group', async () => {
    renderWithProviders(<ProToolPage />, { locale: 'en', route: '/en/nego' });
    fireEvent.click(await screen.findByRole('button', { name: 'Group' }));
    fireEvent.click(screen.getByRole('button', { name: 'Analyse' }));
    expect(await screen.findByText('Please select a non-empty group.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create a group' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save the group' }));
    expect(await screen.findByText('Group name is required.')).toBeTruthy();
  });

  it('settings are validated by the shared schema (0 ≤ min ≤ ideal < 100)', async () => {
    renderWithProviders(<ProToolPage />, { locale: 'en', route: '/pro' });
    fireEvent.change(await screen.findByLabelText('Minimum margin (%)'), { target: { value: '50' } });
    await waitFor(() => expect(screen.getByText('Margins must satisfy 0 ≤ minimum ≤ ideal < 100.')).toBeTruthy());
  });
});
