import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { registerVerifiedAccount } from '../test/helpers/accounts';
import Database from './db/sqlite-driver';
import { cleanupSpawned, spawnMain, waitForUrl } from './main-process.test-support';
import { DATABASE_FILE_NAME } from './server';

afterEach(cleanupSpawned);

// Each demo shop answers after its own delay: the search stream is still open when SIGTERM arrives.
const ENV = { DEMO_LATENCY_MS: 'farmaline:900,medimarket:1400,multipharma:1900' };

const group = (name: string) => ({
  kind: 'group',
  id: randomUUID(),
  updatedAt: 1,
  deleted: false,
  data: { name, description: '', cnks: ['4487039'] },
});

/**
 * SIGTERM is how systemd and every orchestrator stop the service. What was acknowledged before or
 * during the stop must be in the database afterwards, and what was under way must be finished or
 * refused, never cut silently: a search stream in flight ends with every shop's answer, a Pro
 * group's sync in flight is answered and stored, the WAL is folded into the file, and the exit is 0.
 */
describe('SIGTERM during a search stream and a sync write', () => {
  it('finishes both, keeps what it acknowledged, checkpoints and exits 0', async () => {
    const spawned = spawnMain(ENV);
    const url = await waitForUrl(spawned);
    const outbox = join(spawned.dataDir, 'outbox');
    const { client } = await registerVerifiedAccount(url, outbox, 'stop@example.be');
    const db = new Database(join(spawned.dataDir, DATABASE_FILE_NAME));
    db.prepare("UPDATE users SET subscription_status = 'active' WHERE email = ?").run('stop@example.be');
    db.close();

    const stream = await fetch(`${url}/api/search?q=dafalgan&lang=fr`, { headers: { Accept: 'text/event-stream' } });
    expect(stream.status).toBe(200);
    const streamBody = stream.text();
    const before = group('Before the stop');
    expect((await client.post('/api/groups/sync/', { since: 0, changes: [before] })).status).toBe(200);

    const during = group('During the stop');
    const syncing = client.post('/api/groups/sync/', { since: 0, changes: [during] });
    await new Promise((resolve) => setTimeout(resolve, 50)); // the request is on the wire
    spawned.child.kill('SIGTERM');

    const events = await streamBody;
    expect(events).toContain('"stage":"complete"');
    for (const shop of ['farmaline', 'medimarket', 'multipharma']) expect(events).toContain(`"retailer":"${shop}"`);
    const answered = await syncing.then((r) => r.status).catch(() => 'refused');
    expect(await spawned.exit).toBe(0);
    expect(spawned.output()).toMatch(/shutting down signal=SIGTERM/);
    expect(spawned.output()).toContain('stopped');

    // Folded into the file: nothing acknowledged lives only in a -wal file someone could leave behind.
    expect(existsSync(join(spawned.dataDir, `${DATABASE_FILE_NAME}-wal`))).toBe(false);
    const after = new Database(join(spawned.dataDir, DATABASE_FILE_NAME), { readonly: true });
    const names = after
      .prepare("SELECT json_extract(data, '$.name') AS name FROM pro_sync_records WHERE kind = 'group'")
      .all()
      .map((row) => (row as { name: string }).name);
    const cached = after.prepare('SELECT retailer FROM search_cache').all();
    after.close();
    expect(names).toContain('Before the stop');
    // Answered means stored; a request the closing server no longer took is refused, never half-done.
    if (answered === 200) expect(names).toContain('During the stop');
    else expect(names).not.toContain('During the stop');
    expect(answered === 200 || answered === 'refused').toBe(true);
    expect(cached.length).toBeGreaterThanOrEqual(3); // the stream's answers, stored before it ended
  }, 60_000);
});
