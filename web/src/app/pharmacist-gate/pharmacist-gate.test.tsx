import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Locale } from '@pharmaradar/shared/locales';
import { setApiOrigin } from '../../lib/api/client';
import { serveAuthApi, testUser } from '../../test/fakes/auth-api-server';
import { renderWithProviders } from '../../test/render';
import { PharmacistGate } from './pharmacist-gate';

const api = serveAuthApi();

function renderGate(route = '/about', locale: Locale = 'fr') {
  return renderWithProviders(
    <>
      <button type="button">page button</button>
      <PharmacistGate />
    </>,
    { locale, route, session: true },
  );
}

const gate = () => screen.findByTestId('pharmacist-gate');
const save = () => fireEvent.click(document.querySelector('[data-testid="pharmacist-gate"] button[type="submit"]')!);
const choose = (value: 'yes' | 'no') =>
  fireEvent.click(document.querySelector(`input[name="is_pharmacist"][value="${value}"]`)!);

describe('pharmacist gate', () => {
  it('blocks a signed-in user without an answer: a modal dialog with the focus inside', async () => {
    api.user = testUser({ is_pharmacist: null });
    renderGate();
    const dialog = await gate();
    expect(dialog.getAttribute('role')).toBe('dialog');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    // The focus moves in from the dialog's effect, which may run just after the dialog appears.
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    // Escape does not close it: the question must be answered.
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.getByTestId('pharmacist-gate')).toBeTruthy();
  });

  it('keeps Tab inside the dialog', async () => {
    api.user = testUser({ is_pharmacist: null });
    renderGate();
    const dialog = await gate();
    // The Tab trap is set up by the dialog's effect, which may run just after the dialog appears: the
    // focus moving in is its sign.
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    const submit = dialog.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    submit.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(dialog.querySelector('input[value="yes"]'));
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(submit);
  });

  it.each([
    ['fr', 'Veuillez choisir « Oui » ou « Non ».'],
    ['nl', 'Kies „Ja” of „Nee”.'],
  ] as const)('requires an answer (%s)', async (locale, message) => {
    api.user = testUser({ is_pharmacist: null });
    renderGate(locale === 'fr' ? '/about' : '/nl/about', locale);
    await gate();
    save();
    expect((await screen.findByRole('alert')).textContent?.replace(/\s/g, ' ')).toBe(message.replace(/\s/g, ' '));
    expect(api.bodies('PATCH /api/auth/update-profile/')).toEqual([]);
    // The focus goes to the choice that is missing.
    expect(document.activeElement).toBe(document.querySelector('input[name="is_pharmacist"]'));
  });

  it('saves the answer and is never shown again', async () => {
    api.user = testUser({ is_pharmacist: null });
    api.on('PATCH /api/auth/update-profile/', ({ json }) => {
      api.user = { ...api.user, ...(json as object) };
      return { body: { user: api.user } };
    });
    renderGate();
    await gate();
    choose('yes');
    save();
    await waitFor(() => expect(screen.queryByTestId('pharmacist-gate')).toBeNull());
    expect(api.bodies('PATCH /api/auth/update-profile/')).toEqual([{ is_pharmacist: true }]);
  });

  it('shows the server detail when saving fails', async () => {
    api.user = testUser({ is_pharmacist: null });
    api.on('PATCH /api/auth/update-profile/', {
      status: 400,
      body: { code: 'validation_error', detail: 'Réponse non valide.' },
    });
    renderGate();
    await gate();
    choose('no');
    save();
    expect((await screen.findByRole('alert')).textContent).toBe('Réponse non valide.');
    expect(screen.getByTestId('pharmacist-gate')).toBeTruthy();
  });

  it('falls back to its own message when the server cannot be reached (nl)', async () => {
    api.user = testUser({ is_pharmacist: null });
    renderGate('/nl/about', 'nl');
    await gate();
    setApiOrigin('http://127.0.0.1:9');
    choose('no');
    save();
    expect((await screen.findByRole('alert', undefined, { timeout: 5000 })).textContent).toBe(
      'Uw keuze kon niet worden opgeslagen. Probeer het opnieuw.',
    );
  });

  it.each([
    ['a visitor', null, '/about'],
    ['a user who answered', testUser({ is_pharmacist: false }), '/about'],
    ['an auth screen', testUser({ is_pharmacist: null }), '/nl/login'],
  ])('is not shown to %s', async (_label, user, route) => {
    api.user = user;
    renderGate(route);
    await waitFor(() => expect(api.bodies('GET /api/auth/me/').length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('pharmacist-gate')).toBeNull();
  });
});
