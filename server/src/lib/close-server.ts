import type { Server } from 'node:http';

/** Stops a loopback HTTP server at once: no new connections, and its open keep-alive ones dropped. */
export function closeServer(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
