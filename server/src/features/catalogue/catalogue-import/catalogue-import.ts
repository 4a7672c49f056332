import type { CatalogueCounts, CatalogueRefusal, DeliveryModeCount } from '../../../lib/catalogue-lookup';
import type { Logger } from '../../../lib/log';
import type { CatalogueRepository } from '../catalogue.repository';
import { refusalOf, type ImportChecks } from './import-checks';
import { ampHandler, nonMedicinalHandler, refHandler, vmpHandler, type DeliveryModes } from './sam-entities';
import { MEMBER_KINDS, MemberTooLargeError, memberKind, type ExportSource, type MemberKind } from './sam-members';
import { SamReadError, samFileReader, type DataErrors, type SamFileHandler, type SamFileReader } from './sam-xml';

// One import of a SAM full export (docs/decisions/153): REF first (delivery modes), then VMP,
// NONMEDICINAL and AMP, each member streamed; rows go under a new generation and are swapped in at the
// end. Any failure drops that generation and leaves the live catalogue as it was.

/**
 * A refused import; the message names the file and, for XML, the line and column. When the export was
 * read whole, `deliveryModes` is its table of delivery modes (what the operator checks first).
 */
export class CatalogueImportError extends Error {
  constructor(
    message: string,
    readonly refusal: CatalogueRefusal = 'invalid',
    readonly deliveryModes: DeliveryModeCount[] | null = null,
  ) {
    super(message);
    this.name = 'CatalogueImportError';
  }
}

/** A claim older than this belongs to an import that died; the next one may take over. */
export const IMPORT_CLAIM_STALE_MS = 2 * 3600_000;

export interface ImportOptions extends ImportChecks {
  /** YYYY-MM-DD: the day whose data slices are current. */
  referenceDate: string;
  now: () => number;
  log: Logger;
  /** The export number when known from the download endpoint; else the AMP root's SamId. */
  version?: string | null;
  demo?: boolean;
}

export interface ImportOutcome {
  generation: number;
  version: string | null;
  counts: CatalogueCounts;
  /** Public packs per delivery mode, most packs first (printed by the command, shown on /admin). */
  deliveryModes: DeliveryModeCount[];
  ms: number;
}

/** A push session: files are fed one by one (streams or strings), then finished or abandoned. */
function beginImport(repo: CatalogueRepository, source: string, options: ImportOptions) {
  const started = performance.now();
  const generation = repo.claim(options.now(), IMPORT_CLAIM_STALE_MS);
  if (generation === null) {
    throw new CatalogueImportError(`${source}: another catalogue import is running; try again when it ends`, 'busy');
  }
  const date = options.referenceDate;
  const modes: DeliveryModes = new Map();
  let reported = 0;
  const errors: DataErrors = {
    report(what) {
      // The first few are logged; the rest only counted (a real export has some).
      if (reported++ < 20) options.log.warn('catalogue data error', { what });
    },
  };
  const writer = repo.writer(generation);
  const roots: Partial<Record<MemberKind, Record<string, string>>> = {};
  const handlers: Record<MemberKind, SamFileHandler> = {
    REF: refHandler(modes),
    VMP: vmpHandler(date, errors, writer.vmp),
    NONMEDICINAL: nonMedicinalHandler(date, errors, writer.nonMedicinal),
    AMP: ampHandler(date, modes, errors, writer.pack),
  };

  return {
    generation,
    file(kind: MemberKind, label: string): SamFileReader {
      const reader = samFileReader(label, handlers[kind]);
      return { ...reader, end: () => (roots[kind] = reader.end()) };
    },
    finish(): ImportOutcome {
      const duplicates = writer.flush();
      const counts = { ...repo.counts(generation), dataErrors: reported + duplicates };
      const deliveryModes = repo.deliveryModes(generation);
      const refused = refusalOf(counts, repo.state(), options);
      if (refused) {
        throw new CatalogueImportError(
          `${source}: ${refused.message} (reference date ${date}); import refused`,
          refused.refusal,
          deliveryModes,
        );
      }
      const amp = roots.AMP ?? {};
      const version = options.version ?? amp.SamId ?? null;
      const ms = Math.round(performance.now() - started);
      const swapped = repo.swap(generation, {
        version,
        xsdVersion: amp.version ?? null,
        referenceDate: date,
        source,
        demo: options.demo === true,
        importedAt: options.now(),
        importMs: ms,
        counts,
        deliveryModes,
      });
      if (!swapped) throw new CatalogueImportError(`${source}: the import's claim was taken over; nothing changed`);
      repo.dropStale();
      return { generation, version, counts, deliveryModes, ms };
    },
    abandon(): void {
      repo.abandon(generation);
    },
  };
}

function missingKinds(kinds: readonly MemberKind[]): MemberKind[] {
  return MEMBER_KINDS.filter((kind) => !kinds.includes(kind));
}

const byKindOrder = <T extends { kind: MemberKind }>(members: T[]): T[] =>
  MEMBER_KINDS.flatMap((kind) => members.filter((m) => m.kind === kind));

/** The import error an error becomes: the reader's and the member's keep their kind of refusal. */
function asRefusal(error: unknown, position: string | null): unknown {
  if (error instanceof SamReadError) return new CatalogueImportError(error.message, error.refusal);
  if (error instanceof MemberTooLargeError)
    return new CatalogueImportError(`${position}: ${error.message}`, 'too_large');
  if (position !== null && !(error instanceof CatalogueImportError)) {
    return new CatalogueImportError(`${position}: ${(error as Error).message}`);
  }
  return error;
}

type ImportSession = ReturnType<typeof beginImport>;

/**
 * Ends a failed import: its generation (when one was begun) is dropped, and the refusal is recorded
 * beside the live catalogue (admin, weekly update) before it goes on to the caller.
 */
function refuse(
  repo: CatalogueRepository,
  options: ImportOptions,
  session: ImportSession | null,
  failure: unknown,
): never {
  session?.abandon();
  const error = asRefusal(failure, null);
  if (error instanceof CatalogueImportError) repo.recordRefusal(options.now(), error.refusal, error.message);
  throw error;
}

/** Streams an export (zip or folder) into the catalogue; throws CatalogueImportError, changing nothing. */
export async function importExport(
  repo: CatalogueRepository,
  source: ExportSource,
  options: ImportOptions,
): Promise<ImportOutcome> {
  let session: ImportSession | null = null;
  try {
    const missing = missingKinds(source.members.map((m) => m.kind));
    if (missing.length > 0) {
      throw new CatalogueImportError(`${source.label}: missing member ${missing.map((k) => `${k}-….xml`).join(', ')}`);
    }
    session = beginImport(repo, source.label, options);
    for (const member of byKindOrder(source.members)) {
      const reader = session.file(member.kind, `${source.label}: ${member.name}`);
      try {
        const stream = await member.open();
        stream.setEncoding('utf8');
        for await (const chunk of stream) reader.write(chunk as string);
      } catch (error) {
        throw asRefusal(error, reader.position());
      }
      reader.end();
    }
    return session.finish();
  } catch (error) {
    return refuse(repo, options, session, error);
  } finally {
    source.close();
  }
}

export interface ExportFile {
  name: string;
  text: string;
}

/** The same import from files held in memory, synchronously (the demo export at start-up). */
export function importFiles(
  repo: CatalogueRepository,
  label: string,
  files: readonly ExportFile[],
  options: ImportOptions,
): ImportOutcome {
  const members = files.flatMap((file) => {
    const kind = memberKind(file.name);
    return kind ? [{ ...file, kind }] : [];
  });
  let session: ImportSession | null = null;
  try {
    const missing = missingKinds(members.map((m) => m.kind));
    if (missing.length > 0) throw new CatalogueImportError(`${label}: missing member ${missing.join(', ')}`);
    session = beginImport(repo, label, options);
    for (const member of byKindOrder(members)) {
      const reader = session.file(member.kind, `${label}: ${member.name}`);
      reader.write(member.text);
      reader.end();
    }
    return session.finish();
  } catch (error) {
    return refuse(repo, options, session, error);
  }
}
