import { describe, expect, it } from 'vitest';
import { parseCnkCell, parseDecimalCell, parsePriceCell, parseVatCell, type SheetCell } from './import-cells';
import { isCnkHeader, mapHeaderRow } from './import-headers';
import { analyseTable, MAX_IMPORT_ROWS, type SheetRow } from './import-table';

const table = (...rows: SheetCell[][]): SheetRow[] => rows.map((cells, i) => ({ line: i + 1, cells }));

describe('cells', () => {
  it('reads a CNK from text or from a number that lost its leading zero', () => {
    expect(parseCnkCell(123456)).toBe('0123456');
    expect(parseCnkCell(4487039)).toBe('4487039');
    expect(parseCnkCell('448 70 39')).toBe('4487039');
    expect(parseCnkCell("'0123456")).toBe('0123456');
    expect(parseCnkCell(12345)).toBeNull();
    expect(parseCnkCell(1234567.5)).toBeNull();
    expect(parseCnkCell('12345678')).toBeNull();
    expect(parseCnkCell('Total')).toBeNull();
    expect(parseCnkCell(null)).toBeNull();
  });

  it('reads comma and dot decimals, thousands separators and currency signs', () => {
    expect(parseDecimalCell('3,50')).toBe(3.5);
    expect(parseDecimalCell('1.234,56')).toBe(1234.56);
    expect(parseDecimalCell('1,234.56')).toBe(1234.56);
    expect(parseDecimalCell('€ 3,50')).toBe(3.5);
    expect(parseDecimalCell('3.50 EUR')).toBe(3.5);
    expect(parseDecimalCell(7.25)).toBe(7.25);
    expect(parseDecimalCell('')).toBeNull();
    expect(parseDecimalCell('n/a')).toBe('invalid');
    expect(parsePriceCell('0')).toBe('invalid');
    expect(parsePriceCell('-2')).toBe('invalid');
  });

  it('reads VAT as 6, "6 %", "21,0" or a percent-formatted 0.06', () => {
    expect(parseVatCell(6)).toBe(6);
    expect(parseVatCell('6 %')).toBe(6);
    expect(parseVatCell('21,0')).toBe(21);
    expect(parseVatCell(0.06)).toBe(6);
    expect(parseVatCell(0.21)).toBe(21);
    expect(parseVatCell(0)).toBe(0);
    expect(parseVatCell(150)).toBe('invalid');
    expect(parseVatCell('six')).toBe('invalid');
  });
});

describe('headers in fr, nl and en', () => {
  it.each(['CNK', 'cnk', 'Code CNK', 'CNK-code', 'CNK code', 'N° CNK', 'CNK nr', 'Numéro CNK', 'CNK-nummer'])(
    '%s names the CNK column',
    (header) => expect(isCnkHeader(header)).toBe(true),
  );
  it.each(['Export CNK mars 2026', 'Nom', 'Code EAN', ''])('%s does not', (header) =>
    expect(isCnkHeader(header)).toBe(false),
  );

  it.each([
    [['Code CNK', 'Nom du produit', "Prix d'achat HTVA", 'TVA %'], { cnk: 0, name: 1, price: 2, vat: 3 }],
    [['Productnaam', 'CNK-code', 'BTW', 'Aankoopprijs excl. btw'], { cnk: 1, name: 0, price: 3, vat: 2 }],
    [['CNK', 'Product name', 'VAT rate', 'Purchase price'], { cnk: 0, name: 1, vat: 2, price: 3 }],
    [['CNK', 'Désignation', 'Prix public TVAC', "Prix d'achat TVAC", 'Prijs excl. BTW'], { cnk: 0, name: 1, price: 4 }],
    [['CNK', 'Code produit', 'Omschrijving'], { cnk: 0, name: 2 }],
  ])('maps %j', (cells, expected) => {
    expect(mapHeaderRow(cells)).toEqual(expected);
  });
});

describe('analyseTable', () => {
  it('skips title rows above the header and reads every column', () => {
    const preview = analyseTable(
      table(
        ['Pharmacie Dupont — export du 12/03/2026'],
        [],
        ['Code CNK', 'Nom du produit', "Prix d'achat HTVA", 'TVA'],
        ['0123456', 'Dafalgan 500 mg', '3,50', '6'],
        [4487039, 'Vichy Minéral 89', 12.4, 0.21],
      ),
    );
    expect(preview).toMatchObject({
      ok: true,
      error: null,
      headerLine: 3,
      skippedLines: [1],
      rejected: [],
      duplicates: [],
    });
    expect(preview.columns).toEqual([
      { role: 'cnk', index: 0, header: 'Code CNK' },
      { role: 'name', index: 1, header: 'Nom du produit' },
      { role: 'price', index: 2, header: "Prix d'achat HTVA" },
      { role: 'vat', index: 3, header: 'TVA' },
    ]);
    expect(preview.rows).toEqual([
      { line: 4, cnk: '0123456', name: 'Dafalgan 500 mg', purchaseExVat: 3.5, vatPercent: 6, vatSource: 'file' },
      { line: 5, cnk: '4487039', name: 'Vichy Minéral 89', purchaseExVat: 12.4, vatPercent: 21, vatSource: 'file' },
    ]);
  });

  it('refuses only rows without a CNK, each with its line and reason, and keeps the others', () => {
    const preview = analyseTable(
      table(
        ['CNK', 'Naam', 'Aankoopprijs', 'BTW'],
        ['1234566', 'A', '2,10', '6'],
        ['12-34', 'B', '1', '6'],
        ['', 'C', '1', '6'],
        ['Total', '', '7,10', ''],
      ),
    );
    expect(preview.ok).toBe(true);
    expect(preview.rows.map((r) => [r.line, r.cnk])).toEqual([[2, '1234566']]);
    expect(preview.rejected).toEqual([
      { line: 3, reason: 'invalid_cnk', value: '12-34' },
      { line: 4, reason: 'missing_cnk', value: '' },
      { line: 5, reason: 'invalid_cnk', value: 'Total' },
    ]);
    expect(preview.notes).toEqual([]);
  });

  it.each(['n.d.', '-', 'nvt', '?', 'gratis', '0', '-2'])(
    'keeps a row whose price reads %j, without a price, and says which cell was not read',
    (written) => {
      const preview = analyseTable(table(['CNK', 'Naam', 'Aankoopprijs'], ['1234566', 'A', written]));
      expect(preview.rows).toEqual([
        { line: 2, cnk: '1234566', name: 'A', purchaseExVat: null, vatPercent: null, vatSource: null },
      ]);
      expect(preview.rejected).toEqual([]);
      expect(preview.notes).toEqual([{ line: 2, cnk: '1234566', kind: 'price_not_read', value: written }]);
    },
  );

  it('keeps a row with an empty price or an unreadable VAT, and says so; a file without a price column says nothing', () => {
    const preview = analyseTable(
      table(['CNK', 'Prix achat HTVA', 'TVA'], ['1234566', '', '6'], ['2345676', '3,10', 'six'], [2345684, 4, 21]),
    );
    expect(preview.rows.map((r) => [r.line, r.purchaseExVat, r.vatPercent])).toEqual([
      [2, null, 6],
      [3, 3.1, null],
      [4, 4, 21],
    ]);
    expect(preview.notes).toEqual([
      { line: 2, cnk: '1234566', kind: 'price_missing', value: '' },
      { line: 3, cnk: '2345676', kind: 'vat_not_read', value: 'six' },
    ]);
    expect(analyseTable(table(['CNK'], ['1234566'])).notes).toEqual([]);
  });

  it('says when a 6-digit code was read with its leading zero, and when a CNK fails its check digit', () => {
    // 448703 -> 0448703 fails the check digit; 123455 -> 0123455 passes it; 4487038 is 4487039 mistyped.
    const preview = analyseTable(table(['CNK'], ['448703'], [123455], ['4487039'], ['4487038']));
    expect(preview.rows.map((r) => r.cnk)).toEqual(['0448703', '0123455', '4487039', '4487038']);
    expect(preview.notes).toEqual([
      { line: 2, cnk: '0448703', kind: 'zero_restored', value: '448703' },
      { line: 2, cnk: '0448703', kind: 'check_digit', value: '448703' },
      { line: 3, cnk: '0123455', kind: 'zero_restored', value: '123455' },
      { line: 5, cnk: '4487038', kind: 'check_digit', value: '4487038' },
    ]);
  });

  it('merges duplicates into the first line, filling what it left empty, and reports the prices each row gave', () => {
    const preview = analyseTable(
      table(
        ['CNK', 'Name', 'Purchase price'],
        ['1234566', '', '2.00'],
        ['1234566', 'Nurofen', '2.50'],
        [1234566, 'x', ''],
      ),
    );
    expect(preview.rows).toEqual([
      { line: 2, cnk: '1234566', name: 'Nurofen', purchaseExVat: 2, vatPercent: null, vatSource: null },
    ]);
    // The first row's price is kept; the second row's differing one is reported beside it.
    expect(preview.duplicates).toEqual([
      {
        cnk: '1234566',
        lines: [2, 3, 4],
        prices: [
          { line: 2, price: 2 },
          { line: 3, price: 2.5 },
        ],
        keptPriceLine: 2,
      },
    ]);
  });

  it('keeps the first price given when the first row of a CNK has none', () => {
    const preview = analyseTable(table(['CNK', 'Purchase price'], ['1234566', 'n.d.'], ['1234566', '2.00']));
    expect(preview.rows).toMatchObject([{ line: 2, cnk: '1234566', purchaseExVat: 2 }]);
    expect(preview.duplicates).toEqual([
      { cnk: '1234566', lines: [2, 3], prices: [{ line: 3, price: 2 }], keptPriceLine: 3 },
    ]);
    expect(preview.notes).toEqual([{ line: 2, cnk: '1234566', kind: 'price_not_read', value: 'n.d.' }]);
  });

  it('reads a headerless file from the column of 6–7 digit codes, with a name column beside it', () => {
    const preview = analyseTable(
      table(['Dafalgan', 123456], ['Nurofen', '4487039'], ['Sans code', ''], ['Vichy', 2345678]),
    );
    expect(preview.headerLine).toBeNull();
    expect(preview.columns).toEqual([
      { role: 'cnk', index: 1, header: null },
      { role: 'name', index: 0, header: null },
    ]);
    expect(preview.rows.map((r) => [r.cnk, r.name])).toEqual([
      ['0123456', 'Dafalgan'],
      ['4487039', 'Nurofen'],
      ['2345678', 'Vichy'],
    ]);
    expect(preview.rejected).toEqual([{ line: 3, reason: 'missing_cnk', value: '' }]);
  });

  it('treats a header it does not recognise as a skipped line above headerless data', () => {
    const preview = analyseTable(table(['Artikel', 'Omschrijving'], ['1234567', 'A'], ['2345678', 'B']));
    expect(preview.skippedLines).toEqual([1]);
    expect(preview.rows).toHaveLength(2);
  });

  it('answers no_valid_cnk when nothing is usable, with or without a CNK header', () => {
    expect(analyseTable(table(['Nom', 'Prix'], ['Dafalgan', '3,50']))).toMatchObject({
      ok: false,
      error: 'no_valid_cnk',
      rows: [],
    });
    const withHeader = analyseTable(table(['CNK'], ['abc'], ['12']));
    expect(withHeader).toMatchObject({ ok: false, error: 'no_valid_cnk', headerLine: 1 });
    expect(withHeader.rejected.map((r) => r.line)).toEqual([2, 3]);
    expect(analyseTable([])).toMatchObject({ ok: false, error: 'no_valid_cnk' });
  });

  it('refuses a table past the row cap instead of parsing it', () => {
    const rows = Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => [String(1_000_000 + i)]);
    expect(analyseTable(table(['CNK'], ...rows))).toMatchObject({ ok: false, error: 'too_many_rows' });
  });
});
