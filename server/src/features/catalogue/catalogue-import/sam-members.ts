import { createReadStream, readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import yauzl from 'yauzl';

// Where the export's XML files come from: a ZIP read through its central directory (so data descriptors
// and member order never matter), an unzipped folder, or files held in memory (the demo export).

export const MEMBER_KINDS = ['REF', 'VMP', 'NONMEDICINAL', 'AMP'] as const;
export type MemberKind = (typeof MEMBER_KINDS)[number];

/** `AMP-1667395273070.xml` -> AMP; `AMPP-…`, `RMB-`, `CPN-`… -> null (the prefix is followed by a dash). */
export function memberKind(name: string): MemberKind | null {
  const file = basename(name);
  if (!/\.xml$/i.test(file)) return null;
  return MEMBER_KINDS.find((kind) => file.startsWith(`${kind}-`)) ?? null;
}

export interface ExportMember {
  name: string;
  kind: MemberKind;
  open(): Promise<Readable>;
}

export interface ExportSource {
  /** Names the zip or folder in messages. */
  label: string;
  members: ExportMember[];
  close(): void;
}

export class ExportSourceError extends Error {}

/** A member larger than its cap, said before or while it is read: the import is refused as too large. */
export class MemberTooLargeError extends ExportSourceError {}

/**
 * The largest member read. The AMP file of a real export is about 1.5 GB; twice that leaves room to
 * grow (a guess: no source gives a ceiling).
 */
export const MEMBER_MAX_BYTES = 3 * 1024 ** 3;
/**
 * The most a member may expand over its compressed size. A real export's XML is about 8 times its ZIP
 * (2.4 GB in 300 MB); deflate allows about 1,000 times, which only a zip bomb reaches. A guess.
 */
export const MEMBER_MAX_RATIO = 100;
/** Members smaller than this are not judged by their ratio: they cost nothing whatever it is. */
const RATIO_FLOOR_BYTES = 16 * 1024 ** 2;

/** Passes a member's bytes on, refusing it as soon as more than `max` have come (whatever it declared). */
function capped(stream: Readable, name: string, max: number): Readable {
  let seen = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > max) done(new MemberTooLargeError(`${name}: larger than ${max} bytes once uncompressed`));
      else done(null, chunk);
    },
  });
  stream.on('error', (error) => cap.destroy(error));
  return stream.pipe(cap);
}

export function openFolderSource(dir: string): ExportSource {
  const members = readdirSync(dir)
    .filter((name) => statSync(join(dir, name)).isFile())
    .flatMap((name) => {
      const kind = memberKind(name);
      const open = async () => capped(createReadStream(join(dir, name)), name, MEMBER_MAX_BYTES);
      return kind ? [{ name, kind, open }] : [];
    });
  return { label: dir, members, close: () => {} };
}

export async function openZipSource(file: string): Promise<ExportSource> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (error, opened) =>
      error ? reject(new ExportSourceError(`${file}: not a readable ZIP (${error.message})`)) : resolve(opened),
    ),
  );
  const members: ExportMember[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        const kind = entry.fileName.endsWith('/') ? null : memberKind(entry.fileName);
        if (kind) {
          members.push({
            name: entry.fileName,
            kind,
            open: () => {
              // The central directory's sizes are checked before anything is inflated; the count while
              // streaming holds the member to the size it declared, should it lie.
              const { uncompressedSize: size, compressedSize: packed } = entry;
              if (size > MEMBER_MAX_BYTES || (size > RATIO_FLOOR_BYTES && size > packed * MEMBER_MAX_RATIO)) {
                const why = `${size} bytes once uncompressed from ${packed}`;
                return Promise.reject(
                  new MemberTooLargeError(
                    `${entry.fileName}: ${why} (at most ${MEMBER_MAX_BYTES} bytes, ${MEMBER_MAX_RATIO} times)`,
                  ),
                );
              }
              return new Promise<Readable>((ok, fail) =>
                zip.openReadStream(entry, (error, stream) =>
                  error
                    ? fail(new ExportSourceError(`${file}: ${entry.fileName}: ${error.message}`))
                    : ok(capped(stream, entry.fileName, size)),
                ),
              );
            },
          });
        }
        zip.readEntry();
      });
      zip.once('end', resolve);
      zip.once('error', (error: Error) => reject(new ExportSourceError(`${file}: ${error.message}`)));
      zip.readEntry();
    });
  } catch (error) {
    zip.close();
    throw error;
  }
  return { label: file, members, close: () => zip.close() };
}

/** A ZIP file or an unzipped folder. */
export async function openExportSource(path: string): Promise<ExportSource> {
  let isDir: boolean;
  try {
    isDir = statSync(path).isDirectory();
  } catch {
    throw new ExportSourceError(`${path}: no such file or folder`);
  }
  return isDir ? openFolderSource(path) : openZipSource(path);
}
