// docs/security.md#uploads-and-spreadsheets before any parser sees the bytes: a documented set of extensions, a size
// cap, the content's magic bytes matching its extension, and zip archives (.xlsx, .ods) checked for entry count and
// declared uncompressed size before anything is inflated.

export const IMPORT_EXTENSIONS = ['xlsx', 'xls', 'ods', 'csv', 'txt'] as const;
export type ImportFormat = (typeof IMPORT_EXTENSIONS)[number];

/** A pharmacy export of a few thousand lines is well under 1 MB; 10 MB leaves room and no more. */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
export const MAX_ZIP_ENTRIES = 1_000;
/** Declared uncompressed size of all entries of a spreadsheet archive (a 10,000-row .xlsx is ~2 MB). */
export const MAX_ZIP_UNCOMPRESSED_BYTES = 100 * 1024 * 1024;

export type ImportFileError = 'unsupported_type' | 'too_large' | 'bad_content' | 'empty_file';
export type ImportContent = 'zip' | 'cfb' | 'text';

export function formatOf(fileName: string): ImportFormat | null {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName.trim())?.[1]?.toLowerCase();
  return (IMPORT_EXTENSIONS as readonly string[]).includes(ext ?? '') ? (ext as ImportFormat) : null;
}

const startsWith = (bytes: Uint8Array, magic: readonly number[]) => magic.every((b, i) => bytes[i] === b);
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const CFB_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** Text files never hold NUL bytes, unless they are UTF-16 (which starts with its byte-order mark). */
function looksLikeText(bytes: Uint8Array): boolean {
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) return true;
  const end = Math.min(bytes.length, 8192);
  for (let i = 0; i < end; i++) if (bytes[i] === 0) return false;
  return true;
}

const u16 = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u32 = (b: Uint8Array, at: number) => (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;

/** Reads the zip's central directory (never the compressed data) and checks its declared sizes. */
export function zipWithinLimits(bytes: Uint8Array): boolean {
  // End of central directory: 22 bytes plus a comment of at most 65,535 bytes, at the very end.
  const floor = Math.max(0, bytes.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= floor; i--) {
    if (u32(bytes, i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return false;
  const entries = u16(bytes, eocd + 10);
  let at = u32(bytes, eocd + 16);
  // 0xffff / 0xffffffff mean ZIP64: no spreadsheet we accept needs it.
  if (entries === 0xffff || at === 0xffffffff || entries > MAX_ZIP_ENTRIES) return false;
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > bytes.length || u32(bytes, at) !== 0x02014b50) return false;
    const size = u32(bytes, at + 24);
    if (size === 0xffffffff) return false;
    total += size;
    if (total > MAX_ZIP_UNCOMPRESSED_BYTES) return false;
    at += 46 + u16(bytes, at + 28) + u16(bytes, at + 30) + u16(bytes, at + 32);
  }
  return true;
}

/**
 * What the bytes really are, given the name's extension. A ".xls" that is text is accepted as text:
 * several pharmacy programs export tab-separated text under that name.
 */
export function checkImportFile(
  fileName: string,
  bytes: Uint8Array,
): { ok: true; format: ImportFormat; content: ImportContent } | { ok: false; error: ImportFileError } {
  const format = formatOf(fileName);
  if (!format) return { ok: false, error: 'unsupported_type' };
  if (bytes.length > MAX_IMPORT_BYTES) return { ok: false, error: 'too_large' };
  if (bytes.length === 0) return { ok: false, error: 'empty_file' };
  const zip = startsWith(bytes, ZIP_MAGIC);
  if (zip && format !== 'csv' && format !== 'txt') {
    return zipWithinLimits(bytes) ? { ok: true, format, content: 'zip' } : { ok: false, error: 'bad_content' };
  }
  if (format === 'xls' && startsWith(bytes, CFB_MAGIC)) return { ok: true, format, content: 'cfb' };
  if ((format === 'csv' || format === 'txt' || format === 'xls') && looksLikeText(bytes)) {
    return { ok: true, format, content: 'text' };
  }
  return { ok: false, error: 'bad_content' };
}
