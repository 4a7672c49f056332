/**
 * Preloaded with `--import` into a command-line tool's process by its tests (not a test file itself):
 * writes `listening on <address>:<port>` to stderr each time the process starts listening on a port,
 * so a test sees whether the tool opened one. It only subscribes to Node's own trace of listen().
 */
import { subscribe } from 'node:diagnostics_channel';
import type { Server } from 'node:net';

subscribe('tracing:net.server.listen:asyncEnd', (message) => {
  const address = (message as { server: Server }).server.address();
  const where = typeof address === 'string' ? address : `${address?.address}:${address?.port}`;
  process.stderr.write(`listening on ${where}\n`);
});
