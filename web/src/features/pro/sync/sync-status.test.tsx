import 'fake-indexeddb/auto';
import type { ServerResponse } from 'node:http';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../db/db';
import { renderWithProviders } from '../../../test/render';
import { sendJson } from '../../../test/fakes/http-server';
import { groupSync } from './sync-controller';
import { SyncStatusLine } from './sync-status';
import { serveProApi } from '../pro-api.test-support';

// A device set to another zone than Brussels (Tokyo, UTC+9): the tool's times must still be Belgian.
process.env.TZ = 'Asia/Tokyo';

// What the Pro tool says when a change of this device lost to another device's, or when the
// server's group storage for the account is full (the app's own sync controller, a scripted server).
const ID = '6f1c7a52-3c1e-4d55-9a3b-1f2e3d4c5b6a';
let onSync: (res: ServerResponse) => void;

serveProApi(async (req, res) => {
  if (req.path === '/api/groups/sync/') return onSync(res);
  sendJson(res, 404, { code: 'not_found', detail: 'Not found.' });
});
afterEach(async () => {
  groupSync.stop();
  groupSync.dismissLost();
  await Promise.all([db.proGroups, db.proMeta, db.proOutbox].map((t) => t.clear()));
});

async function editOffline(name: string) {
  await db.proGroups.put({ id: ID, name, description: '', cnks: ['4487039'], updatedAt: 1, deleted: false });
  await db.proOutbox.add({ kind: 'group', id: ID, updatedAt: 1 });
}

describe('SyncStatusLine', () => {
  it.each([
    ['en', '“Winter shelf” was deleted on another device'],
    ['fr', '« Winter shelf » a été supprimé sur un autre appareil'],
    ['nl', '“Winter shelf” werd verwijderd op een ander toestel'],
  ] as const)('%s: names the change the server did not apply, until dismissed', async (locale, text) => {
    await editOffline('Winter shelf');
    onSync = (res) =>
      sendJson(res, 200, {
        seq: 3,
        changes: [{ kind: 'group', id: ID, updatedAt: 2, deleted: true, data: null, seq: 3 }],
        more: false,
        notApplied: [{ kind: 'group', id: ID, reason: 'deleted', fields: [] }],
      });
    renderWithProviders(<SyncStatusLine />, { locale });
    await act(() => groupSync.start(7));
    const notice = await screen.findByTestId('pro-sync-lost');
    expect(notice.textContent).toContain(text);
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByTestId('pro-sync-lost')).toBeNull();
  });

  it('says the group storage is full, with the limits, and keeps the change on the device', async () => {
    await editOffline('One too many');
    onSync = (res) => sendJson(res, 413, { code: 'group_storage_full', detail: 'Full.' });
    renderWithProviders(<SyncStatusLine />, { locale: 'en' });
    await act(() => groupSync.start(7));
    const line = screen.getByTestId('pro-sync-status');
    expect(line.dataset.state).toBe('full');
    expect(line.textContent).toContain('group storage on the server is full (at most 500 groups');
    expect(await db.proOutbox.count()).toBe(1);
  });

  it.each([
    ['fr', 'Dernière vérification à 06:10.'],
    ['nl', 'Laatst gecontroleerd om 06:10.'],
  ] as const)(
    '%s: says when the server last answered in Belgian time, as the prices beside it',
    async (locale, text) => {
      // 05:10 UTC on 28 November is 06:10 in Brussels and 14:10 on this device's clock.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2026, 10, 28, 5, 10) });
      try {
        onSync = (res) => sendJson(res, 200, { seq: 1, changes: [], more: false, notApplied: [] });
        renderWithProviders(<SyncStatusLine />, { locale });
        await act(() => groupSync.start(7));
        expect((await screen.findByTestId('pro-sync-checked')).textContent?.trim()).toBe(text);
      } finally {
        vi.useRealTimers();
      }
    },
  );
});
