import 'fake-indexeddb/auto';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/db';
import { renderWithProviders } from '../../test/render';
import { GroupCreateDialog, type NewGroup } from './group-create-dialog';
import { setUpImportDialogSuite } from './group-create.test-support';

// docs/decisions/220 (prices as Intl writes them, with a no-break space): every row of the file is accounted for in the preview, in the interface
// language: imported as is, imported with a stated change, or refused with its reason. The import
// worker is the real one, reached over a message channel; the server has no official catalogue.

setUpImportDialogSuite({ catalogue: null, facts: [] });
beforeEach(async () => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  await db.proMeta.clear();
  await db.proOfficial.clear();
});

const FILE = [
  'Export Apotheek Peeters',
  'CNK;Naam;Aankoopprijs excl. btw',
  '4487039;Nurofen 400 mg;n.d.',
  '2345676;Zalf;2,30',
  '2345676;Zalf 50 g;2,45',
  '448703;Siroop;3,10',
  '1234566;Pleisters;1,00',
  '1234566;Pleisters;1,00',
  'Totaal;;7,85',
].join('\r\n');

async function importFile(
  locale: 'fr' | 'en' | 'nl',
  onCreate: (g: NewGroup) => Promise<void> = async () => undefined,
) {
  renderWithProviders(<GroupCreateDialog onCreate={onCreate} onClose={() => undefined} />, { locale });
  const dialog = await screen.findByRole('dialog');
  const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, { target: { files: [new File([FILE], 'export.csv', { type: 'text/csv' })] } });
  const report = await within(dialog).findByTestId('pro-import-report');
  // The official catalogue's answer arrives after the preview: a test that ended before it would leave
  // the dialog updating after the page is gone.
  await within(dialog).findByTestId('pro-import-catalogue');
  return { dialog, report };
}

const items = (report: HTMLElement) =>
  within(report)
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('the import preview accounts for every row', () => {
  it.each([
    [
      'nl',
      [
        'Regel 1 boven de tabel: als titel gelezen, niet geïmporteerd.',
        'Regel 3, CNK 4487039: prijs niet gelezen: “n.d.”. Het product wordt zonder aankoopprijs geïmporteerd.',
        'CNK 2345676 staat op regels 4 en 5: één keer geïmporteerd, met de eerste opgegeven aankoopprijs, regel 4 (€\u00a02,30). Niet behouden: €\u00a02,45 (regel 5).',
        'Regel 6: code 448703 gelezen als CNK 0448703 (de voorloopnul die een rekenblad weglaat, is teruggezet).',
        'Regel 6, CNK 0448703: Ongeldige CNK (controle\u00adcijfer). Geïmporteerd, maar geen enkele onlineapotheek wordt naar de prijs gevraagd: controleer de code.',
        'CNK 1234566 staat op regels 7 en 8: één keer geïmporteerd; de aankoopprijzen zijn gelijk (€\u00a01,00).',
        'Regel 9: Ongeldig CNK (6 tot 7 cijfers verwacht) (Totaal): niet geïmporteerd.',
      ],
    ],
    [
      'fr',
      [
        'Ligne 1 au-dessus du tableau : lues comme titres, non importées.',
        'Ligne 3, CNK 4487039 : prix non lu : « n.d. ». Le produit est importé sans prix d’achat.',
        'CNK 2345676 présent aux lignes 4 et 5 : importé une fois, avec le premier prix d’achat donné, ligne 4 (2,30\u00a0€). Non retenu : 2,45\u00a0€ (ligne 5).',
        'Ligne 6 : code 448703 lu comme CNK 0448703 (le zéro initial qu’un tableur supprime est remis).',
        'Ligne 6, CNK 0448703 : CNK invalide (chiffre de contrôle). Importé, mais aucune pharmacie en ligne ne sera interrogée sur son prix : vérifiez le code.',
        'CNK 1234566 présent aux lignes 7 et 8 : importé une fois ; les prix d’achat concordent (1,00\u00a0€).',
        'Ligne 9 : CNK invalide (6 à 7 chiffres attendus) (Totaal) : non importée.',
      ],
    ],
  ] as const)(
    'in %s: titles, an unread price, duplicates with the price kept, a 6-digit code, a refused row',
    async (locale, expected) => {
      const { report } = await importFile(locale);
      expect(items(report)).toEqual(expected);
    },
  );

  it('shows the unread cell in the preview table and saves the line without a price, the others as read', async () => {
    let saved: NewGroup | null = null;
    const { dialog } = await importFile('en', async (g) => {
      saved = g;
    });
    expect(
      within(dialog)
        .getAllByTestId('preview-price')
        .map((td) => td.textContent),
    ).toEqual(['not read: “n.d.”', '€2.30', '€3.10', '€1.00']);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Group name' }), { target: { value: 'Peeters' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save the group' }));
    await vi.waitFor(() => expect(saved).not.toBeNull());
    expect(saved!.imported.map((r) => [r.cnk, r.purchaseExVat])).toEqual([
      ['4487039', null],
      ['2345676', 2.3],
      ['0448703', 3.1],
      ['1234566', 1],
    ]);
  });
});
