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
