import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../test/helpers/test-client';
import { startTestServer, type TestServer } from '../test/helpers/test-server';
import {
  exportMembers,
  REF_XML_REWORDED,
  writeZip,
} from './features/catalogue/catalogue-import/sam-export.test-support';
import { catalogueCli, signedIn, staffCli } from './features/admin/admin.test-support';

// The official catalogue's import checks from the operator's side (ADR 197): `npm run catalogue:import`
// against a running server's database (demo mode: the demo export, 69 packs, is live), and /admin.

let server: TestServer;
let staff: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  staff = await signedIn(server, 'boss@example.be');
  await staffCli(server, 'boss@example.be');
}, 180_000);
afterAll(() => server?.close());

type Run = { code?: number; stdout: string; stderr: string };
const cli = (...args: string[]): Promise<Run> => catalogueCli(server, ...args).catch((error: Run) => error);

describe('catalogue import checks, command line and /admin', { timeout: 60_000 }, () => {
  it('shows the refusal of an export that would remove most packs, the live catalogue unchanged', async () => {
    const before = (await staff.get('/api/admin/catalogue/')).body.catalogue;
    const run = await cli(writeZip(exportMembers()));
    expect(run).toMatchObject({ code: 1 });
    expect(run.stderr).toMatch(/Delivery modes:\n.*code.*packs.*read as.*description/);
    expect(run.stderr).toMatch(/more than half of them would be gone; --allow-shrink takes it/);
    const { catalogue } = (await staff.get('/api/admin/catalogue/')).body;
    expect(catalogue).toMatchObject({
      version: before.version,
      counts: before.counts,
      delivery_modes: before.delivery_modes,
    });
    expect(catalogue.last_refusal).toMatchObject({
      refusal: 'shrunk',
      message: expect.stringContaining('5 public packs (3 prescription-only)'),
    });
  });

  it('refuses an export without a free-delivery pack unless told, printing the delivery modes each time', async () => {
    const reworded = writeZip(exportMembers(undefined, REF_XML_REWORDED));
    const refused = await cli(reworded, '--allow-shrink');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /"V"\s+2\s+prescription-only\s+Pas de prescription requise \/ Geen voorschrift vereist/,
    );
    expect(refused.stderr).toContain('The previous catalogue is unchanged.');
    expect((await staff.get('/api/admin/catalogue/')).body.catalogue).toMatchObject({
      demo: true,
      last_refusal: { refusal: 'no_otc' },
    });

    const taken = await cli(reworded, '--allow-shrink', '--accept-no-otc');
    expect(taken.code).toBeUndefined();
    expect(taken.stdout).toMatch(/"M3\+M4"\s+1\s+prescription-only/);
    // The one-line summary keeps its form.
    expect(taken.stdout).toMatch(/: 5 public packs \(5 prescription-only\), \d+ GTINs/);
    const { catalogue } = (await staff.get('/api/admin/catalogue/')).body;
    expect(catalogue).toMatchObject({ demo: false, counts: { packs: 5, prescription: 5 }, last_refusal: null });
    expect(catalogue.delivery_modes).toContainEqual(expect.objectContaining({ code: 'V', packs: 2, free: false }));
  });
});
