import { afterEach, describe, expect, it } from 'vitest';
import { cleanupSpawned, spawnMain, waitForUrl } from './main-process.test-support';

afterEach(cleanupSpawned);

describe('a server whose output was closed', () => {
  it('keeps serving, and stops on SIGTERM with exit 0 (no EPIPE loop)', async () => {
    const spawned = spawnMain({ LOG_LEVEL: 'debug' });
    const url = await waitForUrl(spawned);
    // The reader of both pipes goes away, as with `| head` or a collector that restarts.
    spawned.child.stdout?.destroy();
    spawned.child.stderr?.destroy();
    for (let i = 0; i < 5; i += 1) expect((await fetch(`${url}/api/health/`)).status).toBe(200);
    const started = Date.now();
    spawned.child.kill('SIGTERM');
    expect(await spawned.exit).toBe(0);
    expect(Date.now() - started).toBeLessThan(15_000);
  }, 30_000);
});
