// Text exports come as UTF-8 (with or without BOM), Windows-1252 from older Windows software, or
// UTF-16 ("Unicode text" in Excel). A byte-order mark decides; otherwise UTF-8 if it decodes cleanly.

export type TextEncodingName = 'utf-8' | 'windows-1252' | 'utf-16le' | 'utf-16be';

export function decodeText(bytes: Uint8Array): { text: string; encoding: TextEncodingName } {
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return { text: new TextDecoder('utf-16le').decode(bytes), encoding: 'utf-16le' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return { text: new TextDecoder('utf-16be').decode(bytes), encoding: 'utf-16be' };
  try {
    // The default decoder drops a UTF-8 BOM; `fatal` makes a Windows-1252 é (0xE9) an error, not U+FFFD.
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}
