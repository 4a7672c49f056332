import { afterEach, beforeEach, vi } from 'vitest';
import type { ProCatalogueResponse } from '@pharmaradar/shared/pro-catalogue.schema';

import { sendJson } from '../../test/fakes/http-server';
import { serveProApi } from './pro-api.test-support';
import { ChannelWorker } from './workers/channel-worker.test-support';

/**
 * The import dialog's suite: the official catalogue answers `answer` to every check, anything else is
 * a 500 (a request the test did not expect), and the import runs in its real worker code over a channel.
 * Each test file clears the stored official facts itself (only tests may reach the database directly).
 */
export function setUpImportDialogSuite(answer: ProCatalogueResponse): void {
  serveProApi((req, res) => {
    if (req.path === '/api/pro/catalogue/') return sendJson(res, 200, answer);
    return sendJson(res, 500, { code: 'unexpected', detail: 'Not scripted.' });
  });
  beforeEach(() => {
    vi.stubGlobal('Worker', ChannelWorker);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}

/** The official catalogue's version the import tests are answered from, and its Dafalgan pack. */
export const TEST_CATALOGUE: ProCatalogueResponse['catalogue'] = { version: '12035', referenceDate: '2026-11-26' };
export const DAFALGAN_FACT: ProCatalogueResponse['facts'][number] = {
  cnk: '0046128',
  known: true,
  kind: 'medicine',
  exclusion: null,
  official: { name: 'Dafalgan', packName: null, pack: '30', marketed: true },
};
