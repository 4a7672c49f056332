import 'fake-indexeddb/auto';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProCatalogueResponse } from '@pharmaradar/shared/pro-catalogue.schema';
import { db } from '../../db/db';
import { renderWithProviders } from '../../test/render';
import { GroupCreateDialog } from './group-create-dialog';
import { DAFALGAN_FACT, setUpImportDialogSuite, TEST_CATALOGUE } from './group-create.test-support';

// docs/decisions/161: the import preview names the rows the official catalogue does
// not know or would not price, with the reason in the interface language, and says when the check
// waits for the network. The import worker is the real one, reached over a message channel.

const ANSWER: ProCatalogueResponse = {
  catalogue: TEST_CATALOGUE,
  facts: [
    DAFALGAN_FACT,
    {
      cnk: '1111111',
      known: true,
      kind: 'medicine',
      exclusion: 'prescription',
      official: { name: 'Strong 10 mg', packName: null, pack: '20', marketed: true },
    },
    { cnk: '2222222', known: false, kind: null, exclusion: null, official: null },
  ],
};

setUpImportDialogSuite(ANSWER);
beforeEach(async () => {
  await db.proMeta.clear();
  await db.proOfficial.clear();
});

async function importList(locale: 'fr' | 'en' | 'nl') {
  renderWithProviders(<GroupCreateDialog onCreate={async () => undefined} onClose={() => undefined} />, { locale });
  const dialog = await screen.findByRole('dialog');
  const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
  const file = new File(['CNK\n0046128\n1111111\n2222222\n'], 'list.csv', { type: 'text/csv' });
  fireEvent.change(input, { target: { files: [file] } });
  return within(dialog).findByTestId('pro-import-catalogue');
}

describe('the import preview and the official catalogue', () => {
  it.each([
    [
      'nl',
      [
        'Regel 3, CNK 1111111 (Strong 10 mg (20)): op voorschrift: het wordt niet vergeleken',
        'Regel 4, CNK 2222222: onbekend in de officiële catalogus',
      ],
    ],
    [
      'fr',
      [
        'Ligne 3, CNK 1111111 (Strong 10 mg (20)) : sur prescription : il ne sera pas comparé',
        'Ligne 4, CNK 2222222 : inconnu du catalogue officiel',
      ],
    ],
    [
      'en',
      [
        'Line 3, CNK 1111111 (Strong 10 mg (20)): prescription-only: it will not be compared',
        'Line 4, CNK 2222222: unknown to the official catalogue',
      ],
    ],
  ] as const)('online (%s): flags each row with its reason', async (locale, expected) => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const flags = await importList(locale);
    expect(
      within(flags)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(expected);
  });

  it('offline with nothing known: says the check waits for the network', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const flags = await importList('en');
    expect(flags.textContent).toBe('Checking 3 rows against the official catalogue waits for the network.');
    expect(within(flags).queryAllByRole('listitem')).toHaveLength(0);
  });
});
