import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProCatalogueResponse } from '@pharmaradar/shared/pro-catalogue.schema';
import { db } from '../../db/db';
import { renderWithProviders } from '../../test/render';
import { GroupCreateDialog } from './group-create-dialog';
import { DAFALGAN_FACT, setUpImportDialogSuite, TEST_CATALOGUE } from './group-create.test-support';

// docs/decisions/215: a file whose VAT column is empty, or absent, gives no line 6 % by default. The
// preview says per line how its VAT was decided: the file's rate, the kind's in the official
// catalogue (medicine 6 %, non-medicinal 21 %), or none yet, to be set by the pharmacist.
const ANSWER: ProCatalogueResponse = {
  catalogue: TEST_CATALOGUE,
  facts: [
    DAFALGAN_FACT,
    {
      cnk: '3334441',
      known: true,
      kind: 'non-medicinal',
      exclusion: null,
      official: { name: 'Avène SPF 50+', packName: null, pack: null, marketed: true },
    },
    { cnk: '2222222', known: false, kind: null, exclusion: null, official: null },
    { cnk: '4487039', known: false, kind: null, exclusion: null, official: null },
  ],
};

setUpImportDialogSuite(ANSWER);
beforeEach(async () => {
  await db.proMeta.clear();
  await db.proOfficial.clear();
});

// The last line's VAT is in the file; the others' cells are empty.
const FILE =
  'CNK;Nom;Prix;TVA\n0046128;Dafalgan;3,50;\n3334441;Avène SPF 50+;15,20;\n2222222;Inconnu;2,00;\n4487039;Vichy;12,40;21\n';

async function previewVat(locale: 'fr' | 'en' | 'nl') {
  renderWithProviders(<GroupCreateDialog onCreate={async () => undefined} onClose={() => undefined} />, { locale });
  const dialog = await screen.findByRole('dialog');
  const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, { target: { files: [new File([FILE], 'groupe.csv', { type: 'text/csv' })] } });
  await within(dialog).findByTestId('pro-import-catalogue');
  return {
    cells: () =>
      within(dialog)
        .getAllByTestId('preview-vat')
        .map((c) => [c.dataset.vatSource, c.textContent]),
    toSet: () => within(dialog).queryByTestId('pro-import-vat-to-set')?.textContent ?? null,
  };
}

describe('the import preview says how each line’s VAT was decided', () => {
  it('online (en): the file, the medicine, the non-medicinal product, the unknown one', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const preview = await previewVat('en');
    await waitFor(() =>
      expect(preview.cells()).toEqual([
        ['catalogue-medicine', '6 %: medicine in the official catalogue'],
        ['catalogue-non-medicinal', '21 %: non-medicinal product in the official catalogue'],
        ['unknown', 'VAT to set: product not in the official catalogue'],
        ['file', '21 %: from your file'],
      ]),
    );
    expect(preview.toSet()).toBe(
      '1 product has no VAT yet: set it in the group table; no price is computed for them until then.',
    );
  });

  it('online (fr): the same, in French', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const preview = await previewVat('fr');
    await waitFor(() =>
      expect(preview.cells().map(([, text]) => text)).toEqual([
        '6 % : médicament au catalogue officiel',
        '21 % : produit non médicamenteux au catalogue officiel',
        'TVA à choisir : produit absent du catalogue officiel',
        '21 % : lue dans votre fichier',
      ]),
    );
  });

  it('offline (nl), nothing known: only the file’s rate, the others wait, none is 6 % by default', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const preview = await previewVat('nl');
    const waiting = 'Btw te kiezen: de officiële catalogus is nog niet geraadpleegd (offline)';
    expect(preview.cells()).toEqual([
      ['waiting', waiting],
      ['waiting', waiting],
      ['waiting', waiting],
      ['file', '21 %: uit uw bestand'],
    ]);
    expect(preview.toSet()).toMatch(/^3 producten hebben nog geen btw/);
  });
});
