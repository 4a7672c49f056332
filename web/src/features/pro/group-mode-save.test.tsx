import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PRICING_SETTINGS } from '@pharmaradar/shared/pricing.schema';
import { db } from '../../db/db';
import { renderWithProviders } from '../../test/render';
import { GroupMode } from './group-mode';
import { ChannelWorker } from './workers/channel-worker.test-support';

// A group line is one record (docs/decisions/191): a group created from a file is stored once, with
// each line's purchase price, VAT and name in its lines, and queued once for sync.

let groupWrites = 0;
const countWrite = () => {
  groupWrites += 1;
};

beforeEach(async () => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  vi.stubGlobal('Worker', ChannelWorker);
  await Promise.all([db.proGroups.clear(), db.proOutbox.clear(), db.proCatalogue.clear(), db.proOffers.clear()]);
  groupWrites = 0;
  db.proGroups.hook('creating', countWrite);
  db.proGroups.hook('updating', countWrite);
});
afterEach(() => {
  db.proGroups.hook('creating').unsubscribe(countWrite);
  db.proGroups.hook('updating').unsubscribe(countWrite);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('saving a new group from a file', () => {
  it('stores the group once with its lines and queues one change for sync', async () => {
    renderWithProviders(<GroupMode settings={DEFAULT_PRICING_SETTINGS} onUsage={() => undefined} />, { locale: 'en' });
    fireEvent.click(await screen.findByTestId('pro-group-create-open'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(dialog.querySelector('input[name="name"]')!, { target: { value: 'Comptoir' } });
    const file = new File(
      ["CNK;Nom;Prix d'achat HTVA;TVA\n0046128;Dafalgan 30;3,50;6\n1000001;Crème maison;;21\n"],
      'list.csv',
      {
        type: 'text/csv',
      },
    );
    fireEvent.change(dialog.querySelector('input[type="file"]')!, { target: { files: [file] } });
    await within(dialog).findByTestId('pro-import-preview');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save the group' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const [group] = await db.proGroups.toArray();
    expect(group!.lines).toEqual({
      '0046128': { price: 3.5, vat: 6, vatFrom: 'file', name: 'Dafalgan 30' },
      '1000001': { vat: 21, vatFrom: 'file', name: 'Crème maison' },
    });
    expect(groupWrites).toBe(1);
    expect((await db.proOutbox.toArray()).map((e) => [e.kind, e.id])).toEqual([['group', group!.id]]);
  });
});
