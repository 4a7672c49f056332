import 'fake-indexeddb/auto';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../db/db';
import { serveAuthApi, testUser } from '../../test/fakes/auth-api-server';
import { renderWithProviders } from '../../test/render';
import { registerBeforeLogout } from './before-logout';
import { useSession } from './use-session';

// A logout on a shared counter tablet removes the user's Pro data, after a warning when
// some of it has not reached the server.
const api = serveAuthApi();
let session: ReturnType<typeof useSession>;

function Probe() {
  session = useSession();
  return <p data-testid="probe">{session.isAuthenticated ? 'signed-in' : 'anonymous'}</p>;
}

const GROUP = {
  id: '6f1c7a52-3c1e-4d55-9a3b-1f2e3d4c5b6a',
  name: 'Vitamins',
  description: '',
  cnks: ['4487039'],
  updatedAt: 1,
  deleted: false,
};

async function signedIn(locale: 'en' | 'fr' | 'nl' = 'en') {
  api.user = testUser({ is_pro: true, plan: 'pro' });
  api.on('POST /api/auth/logout/', { body: { detail: 'Logged out.' } });
  renderWithProviders(<Probe />, { session: true, locale });
  await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('signed-in'));
}

async function proDataOnDevice(unsynced: number) {
  await db.proGroups.put(GROUP);
  await db.proMeta.put({ key: 'settings', value: { minMarginPercent: 20 }, updatedAt: 1 });
  await db.proOffers.put({ cnk: '4487039', name: 'Dafalgan', status: 'found', offers: [5], fetchedAt: '' });
  await db.proCatalogue.put({ cnk: '4487039', name: null, purchaseExVat: 3, vatPercent: 6, vatSource: null });
  for (let i = 0; i < unsynced; i += 1) await db.proOutbox.add({ kind: 'group', id: GROUP.id, updatedAt: 1 });
  await db.proReports.put({
    id: 'report-1',
    groupId: GROUP.id,
    analysedAt: 1,
    settings: { minMarginPercent: 20, idealMarginPercent: 30, strategy: 'balanced' },
    rows: [],
  });
}

const proRows = async () =>
  [db.proGroups, db.proMeta, db.proOffers, db.proCatalogue, db.proOutbox, db.proReports].reduce(
    async (sum, table) => (await sum) + (await table.count()),
    Promise.resolve(0),
  );

const logoutPosts = () => api.received.filter((r) => r.path === '/api/auth/logout/').length;

describe('logout and the Pro data of the device', () => {
  beforeEach(async () => {
    await Promise.all(
      [db.proGroups, db.proMeta, db.proOffers, db.proCatalogue, db.proOutbox, db.proReports].map((t) => t.clear()),
    );
  });
  afterEach(() => {
    // A logout left waiting on the dialog must not leak into the next test.
    screen.queryByRole('button', { name: 'Stay logged in' })?.click();
  });

  it('with everything synced: no question, and the groups, prices and settings leave the device', async () => {
    await signedIn();
    await proDataOnDevice(0);
    let result: boolean | undefined;
    await act(async () => {
      result = await session.logout();
    });
    expect(result).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('probe').textContent).toBe('anonymous');
    expect(await proRows()).toBe(0);
  });

  it('with unsynced changes: warns first; staying keeps the session and the data, confirming wipes them', async () => {
    await signedIn();
    await proDataOnDevice(2);
    let stayed: Promise<boolean> | undefined;
    act(() => {
      stayed = session.logout();
    });
    const dialog = await screen.findByRole('dialog', { name: 'Changes not synced' });
    expect(dialog.textContent).toContain('2 changes to your Pro groups or settings have not reached the server yet');
    fireEvent.click(screen.getByRole('button', { name: 'Stay logged in' }));
    expect(await stayed).toBe(false);
    // The first dialog must be gone before the second logout: its buttons answer the first question.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('probe').textContent).toBe('signed-in');
    expect(await db.proOutbox.count()).toBe(2);
    expect(logoutPosts()).toBe(0);

    let confirmed: Promise<boolean> | undefined;
    act(() => {
      confirmed = session.logout();
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Log out anyway' }));
    expect(await confirmed).toBe(true);
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('anonymous'));
    expect(await proRows()).toBe(0);
    expect(logoutPosts()).toBe(1);
  });

  it.each([
    ['fr', 'Modifications non synchronisées', 'Une modification de vos groupes ou paramètres Pro n’a pas encore'],
    ['nl', 'Wijzigingen niet gesynchroniseerd', 'Eén wijziging aan uw Pro-groepen of -instellingen heeft'],
  ] as const)('%s: the warning is translated', async (locale, title, body) => {
    await signedIn(locale);
    await proDataOnDevice(1);
    act(() => void session.logout());
    const dialog = await screen.findByRole('dialog', { name: title });
    expect(dialog.textContent).toContain(body);
    fireEvent.click(screen.getByRole('button', { name: locale === 'fr' ? 'Rester connecté' : 'Ingelogd blijven' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it.each([
    ['fr', 'Synchroniser d’abord', 'La synchronisation n’a pas abouti', 'prix d’achat, TVA'],
    ['nl', 'Eerst synchroniseren', 'De synchronisatie is niet gelukt', 'aankoopprijzen, btw'],
  ] as const)(
    '%s: "sync first" tries again; still unsynced it says so, once synced it logs out',
    async (locale, syncFirst, stillPending, named) => {
      await signedIn(locale);
      await proDataOnDevice(1);
      // The sync fails twice (offline), then goes through.
      let attempts = 0;
      const unregister = registerBeforeLogout(async () => {
        attempts += 1;
        if (attempts >= 3) await db.proOutbox.clear();
      });
      try {
        let done: Promise<boolean> | undefined;
        act(() => {
          done = session.logout();
        });
        const first = await screen.findByRole('dialog');
        expect(first.textContent).toContain(named);
        expect(first.textContent).not.toContain(stillPending);
        fireEvent.click(screen.getByRole('button', { name: syncFirst }));
        await waitFor(() => expect(screen.getByRole('dialog').textContent).toContain(stillPending));
        expect(await db.proOutbox.count()).toBe(1);
        expect(logoutPosts()).toBe(0);
        fireEvent.click(screen.getByRole('button', { name: syncFirst }));
        expect(await done).toBe(true);
        expect(attempts).toBe(3);
        expect(screen.queryByRole('dialog')).toBeNull();
        await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('anonymous'));
        expect(await proRows()).toBe(0);
        expect(logoutPosts()).toBe(1);
      } finally {
        unregister();
      }
    },
  );

  it('a registered hook (the Pro sync sending its outbox) runs first: once synced, no question', async () => {
    await signedIn();
    await proDataOnDevice(1);
    const unregister = registerBeforeLogout(() => db.proOutbox.clear());
    try {
      await act(async () => {
        expect(await session.logout()).toBe(true);
      });
    } finally {
      unregister();
    }
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await proRows()).toBe(0);
  });
});
