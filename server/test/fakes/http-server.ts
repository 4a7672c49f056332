import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer } from '../../src/lib/close-server';

export type LoopbackServer = {
  url: string;
  port: number;
  /** TCP connections accepted so far. */
  connections: () => number;
  requests: IncomingMessage[];
  close(): Promise<void>;
};

/** A loopback HTTP server standing in for an outside HTTP service (a retailer, a redirect target) in tests. */
export async function startLoopbackServer(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  host = '127.0.0.1',
): Promise<LoopbackServer> {
  let connections = 0;
  const requests: IncomingMessage[] = [];
  const server = createServer((req, res) => {
    requests.push(req);
    handler(req, res);
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    connections: () => connections,
    requests,
    close: () => closeServer(server),
  };
}
