// What SheetJS community edition does not write (docs/decisions/152): bold cells (its styles part has
// one font) and the page setup (landscape, one page wide, page numbers). The written .xlsx is a zip:
// like freeze-rows.ts, this opens it with SheetJS's own zip container and adds those parts of
// SpreadsheetML (§18.8 styles, §18.3.1.63 pageSetup, §18.3.1.46 headerFooter) to what it wrote.
import type * as XLSX from 'xlsx';

const SHEET_PATH = /\/xl\/worksheets\/sheet1\.xml$/;
const STYLES_PATH = /\/xl\/styles\.xml$/;
const ONE_FONT = /<fonts count="1">(<font>(.*?)<\/font>)<\/fonts>/;
const CELL_XFS = /<cellXfs count="(\d+)">(.*?)<\/cellXfs>/;
const PAGE_MARGINS = /<pageMargins [^>]*\/>/;

type Container = ReturnType<typeof XLSX.CFB.read>;

function part(container: Container, path: RegExp) {
  const index = (container.FullPaths as string[]).findIndex((p) => path.test(p));
  const entry = container.FileIndex[index];
  if (!entry) throw new Error(`printSetup: no ${String(path)} in the workbook`);
  return {
    xml: new TextDecoder().decode(entry.content as Uint8Array),
    set(xml: string) {
      const content = new TextEncoder().encode(xml);
      entry.content = content;
      entry.size = content.length;
    },
  };
}

/** Adds a bold, top-aligned, wrapping cell format; returns its index in cellXfs. */
function addBoldFormat(styles: ReturnType<typeof part>): number {
  const fonts = ONE_FONT.exec(styles.xml);
  const xfs = CELL_XFS.exec(styles.xml);
  if (!fonts || !xfs) throw new Error('printSetup: unexpected styles markup');
  const bold = `<font><b/>${fonts[2]!}</font>`;
  const index = Number(xfs[1]);
  const xf =
    '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1" applyAlignment="1">' +
    '<alignment vertical="top" wrapText="1"/></xf>';
  styles.set(
    styles.xml
      .replace(ONE_FONT, `<fonts count="2">${fonts[1]!}${bold}</fonts>`)
      .replace(CELL_XFS, `<cellXfs count="${index + 1}">${xfs[2]!}${xf}</cellXfs>`),
  );
  return index;
}

export type PrintSetup = {
  /** Cells (A1 references) written bold: the header row and the metadata labels. */
  boldCells: readonly string[];
};

/**
 * Bold cells, then landscape A4 printed one page wide (as many pages down as needed) with "page / pages"
 * in the footer. The header row repeated on each page is the workbook's Print_Titles name, which
 * SheetJS writes itself.
 */
export function printSetup(cfb: typeof XLSX.CFB, xlsxBytes: Uint8Array, setup: PrintSetup): Uint8Array {
  const container = cfb.read(xlsxBytes, { type: 'array' });
  const styles = part(container, STYLES_PATH);
  const bold = addBoldFormat(styles);
  const sheet = part(container, SHEET_PATH);
  let xml = sheet.xml;
  for (const ref of setup.boldCells) {
    const cell = new RegExp(`<c r="${ref}"( s="\\d+")?`);
    if (!cell.test(xml)) throw new Error(`printSetup: no cell ${ref}`);
    xml = xml.replace(cell, `<c r="${ref}" s="${bold}"`);
  }
  if (xml.includes('<sheetPr') || !PAGE_MARGINS.test(xml)) throw new Error('printSetup: unexpected sheet markup');
  xml = xml
    .replace('<dimension ', '<sheetPr><pageSetUpPr fitToPage="1"/></sheetPr><dimension ')
    .replace(
      PAGE_MARGINS,
      (margins) =>
        `${margins}<pageSetup paperSize="9" orientation="landscape" fitToWidth="1" fitToHeight="0"/>` +
        '<headerFooter><oddFooter>&amp;P / &amp;N</oddFooter></headerFooter>',
    );
  sheet.set(xml);
  return new Uint8Array(
    cfb.write(container, { fileType: 'zip', type: 'array', compression: true }) as ArrayLike<number>,
  );
}
