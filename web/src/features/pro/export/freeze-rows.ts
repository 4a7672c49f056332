// SheetJS community edition reads frozen panes but does not write them. The written .xlsx is a zip:
// this opens it with SheetJS's own zip container, adds the <pane> to the first sheet's view and
// writes it back, so the header stays in view while scrolling (SpreadsheetML §18.3.1.66).
import type * as XLSX from 'xlsx';

const SHEET_PATH = /\/xl\/worksheets\/sheet1\.xml$/;
const EMPTY_VIEW = '<sheetView workbookViewId="0"/>';

export function freezeTopRows(cfb: typeof XLSX.CFB, xlsxBytes: Uint8Array, rows: number): Uint8Array {
  const container = cfb.read(xlsxBytes, { type: 'array' });
  const index = (container.FullPaths as string[]).findIndex((p) => SHEET_PATH.test(p));
  const entry = container.FileIndex[index];
  if (!entry) throw new Error('freezeTopRows: no first worksheet in the workbook');
  const xml = new TextDecoder().decode(entry.content as Uint8Array);
  if (!xml.includes(EMPTY_VIEW)) throw new Error('freezeTopRows: unexpected sheet view markup');
  const pane = `<pane ySplit="${rows}" topLeftCell="A${rows + 1}" activePane="bottomLeft" state="frozen"/>`;
  const content = new TextEncoder().encode(
    xml.replace(EMPTY_VIEW, `<sheetView workbookViewId="0">${pane}<selection pane="bottomLeft"/></sheetView>`),
  );
  entry.content = content;
  entry.size = content.length;
  return new Uint8Array(
    cfb.write(container, { fileType: 'zip', type: 'array', compression: true }) as ArrayLike<number>,
  );
}
