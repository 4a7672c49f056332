import type { Env } from '../../config/env';
import type { Db } from '../../db/database';
import type { RepeatingJob } from '../../lib/repeating-job';
import type { CatalogueLookup } from '../../lib/catalogue-lookup';
import type { Logger } from '../../lib/log';
import { createPoliteFetcher, userAgentFor } from '../../retailers/lib/polite-fetch';
import { importFiles, type ExportFile } from './catalogue-import/catalogue-import';
import { createCatalogueRepository } from './catalogue.repository';
import { brusselsDay, createCatalogueLookup } from './catalogue.service';
import { CATALOGUE_MAX_BYTES, createCatalogueUpdateJob, DOWNLOAD_TIMEOUT_MS } from './catalogue-update';

export type { ExportFile } from './catalogue-import/catalogue-import';

/** An export held in memory and imported at start (demo mode's, made by the project; ADR 145). */
export interface StarterCatalogue {
  /** Names it in the admin ("demo export"). */
  label: string;
  /** Recorded as the export's version; the same version already live is not imported again. */
  version: string;
  files: readonly ExportFile[];
}

/** What the official catalogue needs from the app (app.ts wires it). */
export interface CatalogueDeps {
  db: Db;
  log: Logger;
  now: () => number;
  env: Pick<Env, 'CATALOGUE_UPDATE_DAYS' | 'CATALOGUE_SOURCE_URL' | 'PUBLIC_URL'>;
  /** Demo mode: the demo export, imported at start; live mode: none, the weekly update fills it. */
  starterCatalogue: StarterCatalogue | null;
}

/**
 * The official catalogue (docs/decisions/153, 154): the lookup the other features read, and, in live
 * mode, the weekly update job. In demo mode the starter export is imported synchronously at start.
 */
export function createCatalogueModule(deps: CatalogueDeps): { lookup: CatalogueLookup; jobs: RepeatingJob[] } {
  const log = deps.log.child({ feature: 'catalogue' });
  const repo = createCatalogueRepository(deps.db);
  const starter = deps.starterCatalogue;
  if (starter) {
    const live = repo.state();
    if (!(live.demo === 1 && live.version === starter.version)) {
      const outcome = importFiles(repo, starter.label, starter.files, {
        referenceDate: brusselsDay(deps.now()),
        now: deps.now,
        log,
        version: starter.version,
        demo: true,
        // Demo mode runs on the project's own small export, whatever catalogue the database held before.
        allowShrink: true,
      });
      log.info('demo catalogue imported', { ...outcome.counts, ms: outcome.ms });
    }
  }
  const jobs: RepeatingJob[] = [];
  if (!starter && deps.env.CATALOGUE_UPDATE_DAYS > 0) {
    const sourceUrl = deps.env.CATALOGUE_SOURCE_URL;
    const fetcher = () =>
      createPoliteFetcher({
        allowedBaseUrls: [sourceUrl],
        timeoutMs: DOWNLOAD_TIMEOUT_MS,
        allowPrivateHosts: false,
        maxBytes: CATALOGUE_MAX_BYTES,
        userAgent: userAgentFor(deps.env.PUBLIC_URL),
      });
    jobs.push(
      createCatalogueUpdateJob({ repo, fetcher, sourceUrl, now: deps.now, log }, deps.env.CATALOGUE_UPDATE_DAYS),
    );
  }
  return { lookup: createCatalogueLookup(repo), jobs };
}
