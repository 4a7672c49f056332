import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Logger } from '../../lib/log';
import type { RepeatingJob } from '../../lib/repeating-job';
import type { PoliteFetcher } from '../../retailers/lib/polite-fetch';
import type { CatalogueRefusal } from '../../lib/catalogue-lookup';
import { CatalogueImportError, importExport, type ImportOutcome } from './catalogue-import/catalogue-import';
import { openZipSource } from './catalogue-import/sam-members';
import type { CatalogueRepository } from './catalogue.repository';
import { brusselsDay } from './catalogue.service';

// The weekly update (docs/decisions/153): ask the official endpoint for the latest export number and,
// when it is newer than the live one, download the ZIP and import it. The two endpoints of the SAM
// download service, under CATALOGUE_SOURCE_URL:
//   GET samv2-full-getLastVersion?xsd=5                 -> the number, bare text
//   GET samv2-download?type=FULL&version=<n>&xsd=5      -> the ZIP

/** The schema version the importer reads (xsd=6 is unconfirmed, ADR 153). */
export const SAM_XSD = '5';
/** The ZIP is about 300 MB; anything past this cap is refused. */
export const CATALOGUE_MAX_BYTES = 1024 * 1024 * 1024;
/** The first look after a start when the last one is older than the interval (or none). */
export const FIRST_CHECK_DELAY_MS = 5 * 60_000;
const VERSION_TIMEOUT_MS = 60_000;
export const DOWNLOAD_TIMEOUT_MS = 30 * 60_000;

export interface CatalogueUpdateDeps {
  repo: CatalogueRepository;
  /** The polite, size-capped fetcher allowed on the endpoint's origin only (one per run, closed after). */
  fetcher: () => PoliteFetcher;
  /** e.g. https://www.vas.ehealth.fgov.be/websamcivics/samcivics/download */
  sourceUrl: string;
  now: () => number;
  log: Logger;
}

export type UpdateOutcome =
  | { status: 'current'; version: string }
  | { status: 'imported'; version: string; outcome: ImportOutcome }
  | { status: 'refused'; version: string; refusal: CatalogueRefusal; message: string };

/** The latest export number: trimmed, quotes dropped, digits only, else an error. */
export function parseLatestVersion(body: string): string {
  const text = body.trim().replace(/^["']|["']$/g, '');
  if (!/^\d{1,9}$/.test(text)) throw new Error(`the latest-version endpoint answered "${text.slice(0, 40)}"`);
  return String(Number(text));
}

/** One check: downloads and imports only when the endpoint's number is greater than the live one's. */
export async function updateCatalogue(deps: CatalogueUpdateDeps, signal: AbortSignal): Promise<UpdateOutcome> {
  const fetcher = deps.fetcher();
  try {
    return await checkAndImport(deps, fetcher, signal);
  } finally {
    fetcher.close();
  }
}

async function checkAndImport(
  deps: CatalogueUpdateDeps,
  fetcher: PoliteFetcher,
  signal: AbortSignal,
): Promise<UpdateOutcome> {
  const base = deps.sourceUrl.replace(/\/+$/, '');
  const page = await fetcher.get(
    `${base}/samv2-full-getLastVersion?xsd=${SAM_XSD}`,
    AbortSignal.any([signal, AbortSignal.timeout(VERSION_TIMEOUT_MS)]),
  );
  if (page.status !== 200) throw new Error(`the latest-version endpoint answered HTTP ${page.status}`);
  const latest = parseLatestVersion(page.body);
  deps.repo.setCheckedAt(deps.now());
  const live = deps.repo.state();
  // The demo export and an export imported by hand without a number are replaced by any official one.
  if (
    live.demo === 0 &&
    live.version !== null &&
    /^\d+$/.test(live.version) &&
    Number(live.version) >= Number(latest)
  ) {
    return { status: 'current', version: latest };
  }
  const dir = await mkdtemp(join(tmpdir(), 'pharmaradar-sam-'));
  try {
    const file = join(dir, `sam-${latest}.zip`);
    await fetcher.download(`${base}/samv2-download?type=FULL&version=${latest}&xsd=${SAM_XSD}`, signal, file);
    // Unattended: neither a shrunk export nor one without free-delivery packs is ever taken here; the
    // refusal is recorded (admin) and logged with the delivery modes, and the previous catalogue stays.
    try {
      const outcome = await importExport(deps.repo, await openZipSource(file), {
        referenceDate: brusselsDay(deps.now()),
        now: deps.now,
        log: deps.log,
        version: latest,
      });
      return { status: 'imported', version: latest, outcome };
    } catch (error) {
      if (!(error instanceof CatalogueImportError)) throw error;
      deps.log.warn('catalogue export refused, the previous catalogue stays', {
        version: latest,
        refusal: error.refusal,
        message: error.message,
        deliveryModes: error.deliveryModes,
      });
      return { status: 'refused', version: latest, refusal: error.refusal, message: error.message };
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The repeating job: every `days` days from the last look (the first a few minutes after start). */
export function createCatalogueUpdateJob(deps: CatalogueUpdateDeps, days: number): RepeatingJob {
  const everyMs = days * 24 * 3600_000;
  return {
    name: 'catalogue-update',
    everyMs,
    firstRunInMs: () => {
      const checked = deps.repo.state().checked_at;
      const due = checked === null ? 0 : checked + everyMs - deps.now();
      return Math.max(FIRST_CHECK_DELAY_MS, due);
    },
    run: async () => {
      const result = await updateCatalogue(deps, new AbortController().signal);
      if (result.status === 'current') deps.log.info('catalogue is current', { version: result.version });
      else if (result.status === 'imported')
        deps.log.info('catalogue imported', {
          version: result.version,
          ...result.outcome.counts,
          deliveryModes: result.outcome.deliveryModes,
          ms: result.outcome.ms,
        });
    },
  };
}
