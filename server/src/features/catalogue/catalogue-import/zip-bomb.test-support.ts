import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import type { Member } from './sam-export.test-support';
import { zipBytes, zipEnd, zipHeaders } from './sam-export.test-support';

// A zip bomb made in the test: one member whose text is `head` then `fill` repeated `copies` times. The
// fill is compressed once, with a full flush (no reference to what came before), so the same bytes can be
// repeated: 1 MB of text costs about 1 KB, and 1,500 copies make a 1.5 MB ZIP of a 1.5 GB member.

export interface BombSpec {
  name: string;
  head: string;
  fill: string;
  copies: number;
  /** The uncompressed size the ZIP's headers declare; the true one when absent. */
  declaredSize?: number;
  /** Ordinary members written before the bomb. */
  others?: Member[];
}

export function writeBombZip(spec: BombSpec): string {
  const flushed = (text: string) => deflateRawSync(Buffer.from(text), { finishFlush: constants.Z_FULL_FLUSH });
  const head = Buffer.from(spec.head);
  const fill = Buffer.from(spec.fill);
  let crc = crc32(head);
  for (let i = 0; i < spec.copies; i++) crc = crc32(fill, crc);
  const block = flushed(spec.fill);
  const packed = Buffer.concat([
    flushed(spec.head),
    ...Array.from({ length: spec.copies }, () => block),
    deflateRawSync(Buffer.alloc(0)),
  ]);
  const size = spec.declaredSize ?? head.length + fill.length * spec.copies;
  // The ordinary members through the project's test ZIP writer, then the bomb appended by hand.
  const others = spec.others ?? [];
  const base = zipBytes(others);
  const centralStart = base.readUInt32LE(base.length - 6);
  const localPart = base.subarray(0, centralStart);
  const centralPart = base.subarray(centralStart, base.length - 22);
  const name = Buffer.from(spec.name);
  const { local, entry } = zipHeaders({
    name,
    crc,
    packedSize: packed.length,
    size,
    offset: localPart.length,
    utf8: false,
  });
  const central = Buffer.concat([centralPart, entry, name]);
  const end = zipEnd(others.length + 1, central.length, localPart.length + 30 + name.length + packed.length);
  const file = join(mkdtempSync(join(tmpdir(), 'sam-bomb-')), 'sam-bomb.zip');
  writeFileSync(file, Buffer.concat([localPart, local, name, packed, central, end]));
  return file;
}
