// What SheetJS community edition does not write (docs/decisions/152): bold and wrapping cells (its styles part has
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

/**
 * Top-aligns every cell format SheetJS wrote (a wrapped name beside one-line numbers reads from its
 * first line), then adds two: bold and wrapping, regular and wrapping. Returns their cellXfs indexes.
 */
function addFormats(styles: ReturnType<typeof part>): { bold: number; wrap: number } {
  const fonts = ONE_FONT.exec(styles.xml);
  const xfs = CELL_XFS.exec(styles.xml);
  if (!fonts || !xfs) throw new Error('printSetup: unexpected styles markup');
  const written = xfs[2]!.replace(/<xf ([^>]*?)\/>/g, '<xf $1 applyAlignment="1"><alignment vertical="top"/></xf>');
  if (written.match(/<xf /g)?.length !== written.match(/<alignment /g)?.length) {
    throw new Error('printSetup: unexpected cell format markup');
  }
  const bold = `<font><b/>${fonts[2]!}</font>`;
  const index = Number(xfs[1]);
  const wrapping = (fontId: number) =>
    `<xf numFmtId="0" fontId="${fontId}" fillId="0" borderId="0" xfId="0" applyFont="1" applyAlignment="1">` +
    '<alignment vertical="top" wrapText="1"/></xf>';
  styles.set(
    styles.xml
      .replace(ONE_FONT, `<fonts count="2">${fonts[1]!}${bold}</fonts>`)
      .replace(CELL_XFS, `<cellXfs count="${index + 2}">${written}${wrapping(1)}${wrapping(0)}</cellXfs>`),
  );
  return { bold: index, wrap: index + 1 };
}

export type PrintSetup = {
  /** Cells (A1 references) written bold and wrapping: the header row and the metadata labels. */
  boldCells: readonly string[];
  /** Cells whose text wraps within the column's width: long names, notes, the metadata texts. */
  wrapCells: readonly string[];
};

/**
 * Bold and wrapping cells, then landscape A4 printed one page wide (as many pages down as needed) with
 * "page / pages" in the footer. The header row repeated on each page is the workbook's Print_Titles
 * name, which SheetJS writes itself; the widths that keep the print at 8 pt are print-layout.ts's.
 */
export function printSetup(cfb: typeof XLSX.CFB, xlsxBytes: Uint8Array, setup: PrintSetup): Uint8Array {
  const container = cfb.read(xlsxBytes, { type: 'array' });
  const styles = part(container, STYLES_PATH);
  const formats = addFormats(styles);
  const sheet = part(container, SHEET_PATH);
  const styled = new Map<string, number>([
    ...setup.wrapCells.map((ref): [string, number] => [ref, formats.wrap]),
    ...setup.boldCells.map((ref): [string, number] => [ref, formats.bold]),
  ]);
  // One pass over the cells: a sheet of thousands of rows is not searched once per cell.
  let found = 0;
  let xml = sheet.xml.replace(/<c r="([A-Z]+\d+)"( s="\d+")?/g, (whole, ref: string) => {
    const style = styled.get(ref);
    // A cell without a style is given the first format explicitly: LibreOffice would take its
    // default style for it, not the top alignment given to that format.
    if (style === undefined) return whole.includes(' s="') ? whole : `<c r="${ref}" s="0"`;
    found += 1;
    return `<c r="${ref}" s="${style}"`;
  });
  if (found !== styled.size) throw new Error('printSetup: a cell to style is missing');
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
