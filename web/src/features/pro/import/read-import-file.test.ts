// @vitest-environment node
// Real files: the spreadsheets are written by SheetJS itself, the text files as the bytes that
// pharmacy software produces (Windows-1252, BOM, CRLF, tabs, quotes), then read back through the same
// entry point the import worker uses.
import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { MAX_IMPORT_BYTES, MAX_ZIP_ENTRIES } from './import-file-checks';
import { readImportFile } from './read-import-file';

const utf8 = (text: string) => new TextEncoder().encode(text);
const BOM = [0xef, 0xbb, 0xbf];

/** Latin-1 range characters map to the same byte in Windows-1252: enough for é, è, ë, à. */
function windows1252(text: string): Uint8Array {
  return Uint8Array.from(
    [...text].map((c) => {
      const code = c.charCodeAt(0);
      if (code > 0xff) throw new Error(`not in the fixture's range: ${c}`);
      return code;
    }),
  );
}

function workbookBytes(bookType: XLSX.BookType): Uint8Array {
  const ws = XLSX.utils.aoa_to_sheet([
    ['Liste des produits — Pharmacie Dupont'],
    ['Exporté le 2026-03-12'],
    [],
    ['Code CNK', 'Désignation', "Prix d'achat HTVA", 'TVA'],
    [123455, 'Dafalgan 500 mg', 3.5, 0.06],
    ['4487039', null, 12.4, 0.21],
    [2345676, 'Vichy Minéral 89', 'n.d.', 0.21],
  ]);
  // A name computed by a formula: its cached result is what is read, never the formula.
  ws.B6 = { t: 's', v: 'Nurofen 400 mg', f: 'CONCATENATE("Nurofen"," 400 mg")' };
  ws.D5!.z = '0%';
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([['Notes'], ['Rien ici']]), 'Notes');
  XLSX.utils.book_append_sheet(wb, ws, 'Produits');
  return new Uint8Array(XLSX.write(wb, { type: 'array', bookType }) as ArrayBuffer);
}

describe.each([
  ['groupe.xlsx', 'xlsx'],
  ['groupe.ods', 'ods'],
  ['groupe.xls', 'biff8'],
] as const)('%s written by SheetJS', (fileName, bookType) => {
  it('finds the products sheet under its title rows, with the leading zero restored (and said) and the formula value', () => {
    const result = readImportFile(XLSX, fileName, workbookBytes(bookType));
    expect(result).toMatchObject({ ok: true, error: null, headerLine: 4, skippedLines: [1, 2] });
    expect(result.source).toMatchObject({ fileName, sheet: 'Produits', encoding: null, delimiter: null });
    expect(result.columns.map((c) => [c.role, c.header])).toEqual([
      ['cnk', 'Code CNK'],
      ['name', 'Désignation'],
      ['price', "Prix d'achat HTVA"],
      ['vat', 'TVA'],
    ]);
    expect(result.rows).toEqual([
      { line: 5, cnk: '0123455', name: 'Dafalgan 500 mg', purchaseExVat: 3.5, vatPercent: 6, vatSource: 'file' },
      { line: 6, cnk: '4487039', name: 'Nurofen 400 mg', purchaseExVat: 12.4, vatPercent: 21, vatSource: 'file' },
      { line: 7, cnk: '2345676', name: 'Vichy Minéral 89', purchaseExVat: null, vatPercent: 21, vatSource: 'file' },
    ]);
    expect(result.rejected).toEqual([]);
    expect(result.notes).toEqual([
      { line: 5, cnk: '0123455', kind: 'zero_restored', value: '123455' },
      { line: 7, cnk: '2345676', kind: 'price_not_read', value: 'n.d.' },
    ]);
  });
});

describe('text files', () => {
  it('reads a Windows-1252 semicolon file with CRLF and comma decimals', () => {
    const bytes = windows1252(
      'CNK;Dénomination;Prix achat HTVA;TVA\r\n0123456;Crème hydratante;7,95;21\r\n2345678;Sirop à la guimauve;4,10;6\r\n',
    );
    const result = readImportFile(XLSX, 'export.csv', bytes);
    expect(result.source).toMatchObject({ encoding: 'windows-1252', delimiter: ';', format: 'csv' });
    expect(result.rows.map((r) => [r.line, r.cnk, r.name, r.purchaseExVat, r.vatPercent])).toEqual([
      [2, '0123456', 'Crème hydratante', 7.95, 21],
      [3, '2345678', 'Sirop à la guimauve', 4.1, 6],
    ]);
  });

  it('reads a UTF-8 semicolon file with BOM, quoted fields (separator and newline inside) and lines kept', () => {
    const text =
      'Titre de l\'export\r\nCNK-code;Naam;Aankoopprijs excl. btw\r\n"1234567";"Zalf; 50 g";"2,30"\r\n"2345678";"Twee\r\nregels";"1,00"\r\nabc;X;1\r\n';
    const result = readImportFile(XLSX, 'export.csv', Uint8Array.from([...BOM, ...utf8(text)]));
    expect(result.source).toMatchObject({ encoding: 'utf-8', delimiter: ';' });
    expect(result.headerLine).toBe(2);
    expect(result.rows.map((r) => [r.line, r.cnk, r.name, r.purchaseExVat])).toEqual([
      [3, '1234567', 'Zalf; 50 g', 2.3],
      [4, '2345678', 'Twee\r\nregels', 1],
    ]);
    // The quoted line break took a line: the bad row is reported on the line a text editor shows.
    expect(result.rejected).toEqual([{ line: 6, reason: 'invalid_cnk', value: 'abc' }]);
  });

  it('reads a comma-separated file with dot decimals and an English header', () => {
    const result = readImportFile(
      XLSX,
      'list.csv',
      utf8('Product name,CNK,Purchase price,VAT\n"Bandage, 5 cm",1234567,1.99,21\n'),
    );
    expect(result.source?.delimiter).toBe(',');
    expect(result.rows).toEqual([
      { line: 2, cnk: '1234567', name: 'Bandage, 5 cm', purchaseExVat: 1.99, vatPercent: 21, vatSource: 'file' },
    ]);
  });

  it('reads a headerless .txt of codes, one per line, six digits padded', () => {
    const result = readImportFile(XLSX, 'codes.txt', utf8('123456\r\n2345678\r\n\r\n3456789\r\n'));
    expect(result).toMatchObject({ ok: true, headerLine: null });
    expect(result.rows.map((r) => r.cnk)).toEqual(['0123456', '2345678', '3456789']);
  });

  it('reads a tab-separated ".xls" as text, as some pharmacy programs write it', () => {
    const result = readImportFile(XLSX, 'export.xls', utf8('CNK\tNom\n1234567\tA\n1234567\tA bis\n'));
    expect(result.source).toMatchObject({ format: 'xls', delimiter: '\t' });
    expect(result.rows).toHaveLength(1);
    expect(result.duplicates).toEqual([{ cnk: '1234567', lines: [2, 3], prices: [], keptPriceLine: null }]);
  });

  it('accounts for every row of a pharmacy export: unread price, duplicate with its prices, 6-digit code', () => {
    const result = readImportFile(
      XLSX,
      'export.csv',
      utf8(
        'CNK;Naam;Aankoopprijs excl. btw\r\n' +
          '4487039;Nurofen 400 mg;n.d.\r\n' +
          '2345676;Zalf;2,30\r\n' +
          '2345676;Zalf 50 g;2,45\r\n' +
          '448703;Siroop;3,10\r\n' +
          'Totaal;;7,85\r\n',
      ),
    );
    expect(result.rows.map((r) => [r.line, r.cnk, r.purchaseExVat])).toEqual([
      [2, '4487039', null],
      [3, '2345676', 2.3],
      [5, '0448703', 3.1],
    ]);
    expect(result.notes).toEqual([
      { line: 2, cnk: '4487039', kind: 'price_not_read', value: 'n.d.' },
      { line: 5, cnk: '0448703', kind: 'zero_restored', value: '448703' },
      { line: 5, cnk: '0448703', kind: 'check_digit', value: '448703' },
    ]);
    expect(result.duplicates).toEqual([
      {
        cnk: '2345676',
        lines: [3, 4],
        prices: [
          { line: 3, price: 2.3 },
          { line: 4, price: 2.45 },
        ],
        keptPriceLine: 3,
      },
    ]);
    expect(result.rejected).toEqual([{ line: 6, reason: 'invalid_cnk', value: 'Totaal' }]);
  });

  it('keeps a name that looks like a formula as text', () => {
    const result = readImportFile(XLSX, 'x.csv', utf8('CNK;Nom\n1234567;"=HYPERLINK(""http://x"";""y"")"\n'));
    expect(result.rows[0]?.name).toBe('=HYPERLINK("http://x";"y")');
  });

  it('answers no_valid_cnk when no row holds a CNK', () => {
    expect(readImportFile(XLSX, 'x.csv', utf8('Nom;Prix\nDafalgan;3,50\n'))).toMatchObject({
      ok: false,
      error: 'no_valid_cnk',
      rows: [],
    });
  });
});

describe('file checks before parsing', () => {
  const xlsx = workbookBytes('xlsx');

  it('refuses an unknown extension, an empty file and one over the size cap', () => {
    expect(readImportFile(XLSX, 'setup.exe', xlsx).error).toBe('unsupported_type');
    expect(readImportFile(XLSX, 'empty.csv', new Uint8Array()).error).toBe('empty_file');
    expect(readImportFile(XLSX, 'big.csv', new Uint8Array(MAX_IMPORT_BYTES + 1).fill(49)).error).toBe('too_large');
  });

  it('refuses content that does not match its extension', () => {
    expect(readImportFile(XLSX, 'fake.xlsx', utf8('CNK\n1234567\n')).error).toBe('bad_content');
    expect(readImportFile(XLSX, 'fake.ods', Uint8Array.from([0x4d, 0x5a, 0x90, 0, 3, 0])).error).toBe('bad_content');
    expect(readImportFile(XLSX, 'binary.csv', Uint8Array.from([0x31, 0x32, 0, 0x33])).error).toBe('bad_content');
  });

  it('refuses a zip whose declared uncompressed size is too big, without inflating it', () => {
    const bomb = xlsx.slice();
    // Every central-directory entry claims 2 GB: the check must stop on the declared sizes alone.
    for (let i = 0; i < bomb.length - 4; i++) {
      if (bomb[i] === 0x50 && bomb[i + 1] === 0x4b && bomb[i + 2] === 0x01 && bomb[i + 3] === 0x02) {
        bomb.set([0, 0, 0, 0x80], i + 24);
      }
    }
    expect(readImportFile(XLSX, 'bomb.xlsx', bomb).error).toBe('bad_content');
  });

  it('refuses a zip with too many entries', () => {
    const cfb = XLSX.CFB.utils.cfb_new();
    for (let i = 0; i <= MAX_ZIP_ENTRIES; i++) XLSX.CFB.utils.cfb_add(cfb, `f${i}.xml`, utf8('<a/>'));
    const zip = XLSX.CFB.write(cfb, { fileType: 'zip', type: 'array' }) as Uint8Array;
    expect(readImportFile(XLSX, 'many.xlsx', new Uint8Array(zip)).error).toBe('bad_content');
  });

  it('answers unreadable for a broken workbook that passes the checks', () => {
    const cfb = XLSX.CFB.utils.cfb_new();
    XLSX.CFB.utils.cfb_add(cfb, 'hello.txt', utf8('not a workbook'));
    const zip = XLSX.CFB.write(cfb, { fileType: 'zip', type: 'array' }) as Uint8Array;
    expect(readImportFile(XLSX, 'broken.xlsx', new Uint8Array(zip))).toMatchObject({ ok: false, error: 'unreadable' });
  });
});
