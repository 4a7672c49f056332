import { createReadStream, readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Readable } from 'node:stream';
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

export function openFolderSource(dir: string): ExportSource {
  const members = readdirSync(dir)
    .filter((name) => statSync(join(dir, name)).isFile())
    .flatMap((name) => {
      const kind = memberKind(name);
      return kind ? [{ name, kind, open: async () => createReadStream(join(dir, name)) }] : [];
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
            open: () =>
              new Promise<Readable>((ok, fail) =>
                zip.openReadStream(entry, (error, stream) =>
                  error ? fail(new ExportSourceError(`${file}: ${entry.fileName}: ${error.message}`)) : ok(stream),
                ),
              ),
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
