import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { startLoopbackServer, type LoopbackServer } from './http-server';

// A browser's push service on loopback, for tests (RFC 8030): it takes POST /push/<device> and
// answers 201, or what a test asks for (404, 410, 429, 500…). Like a real one it refuses a message
// without TTL, without `Content-Encoding: aes128gcm` or without a valid VAPID signature (RFC 8292).
// It also plays the devices: each holds its private key and auth secret, and every accepted message
// is decrypted here (RFC 8291, written independently of web-push), so a test reads what the
// device's service worker would read.

/** A device as the browser would hold it: the subscription it gives the app, and its secrets. */
export interface FakeDevice {
  id: string;
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
}

/** A message the push service accepted and the device decrypted. */
export interface ReceivedPush {
  device: string;
  payload: unknown;
  ttl: number;
  topic: string | undefined;
  urgency: string | undefined;
  /** The VAPID JWT's claims and the key it was signed with (already verified). */
  vapid: { aud: string; sub: string; exp: number; publicKey: string };
}

export interface FakePushService {
  url: string;
  server: LoopbackServer;
  /** A new device subscribed at this service. */
  device(): FakeDevice;
  /** The next answers to a device's messages (then 201 again); the 201s are decrypted and recorded. */
  answer(device: FakeDevice, ...statuses: number[]): void;
  received: ReceivedPush[];
  /** Every request that reached the service, accepted or not (status answered). */
  attempts: Array<{ device: string; status: number }>;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`, ES256 over the JWT's first two parts. */
function verifiedVapid(header: string | undefined, origin: string, now: number): ReceivedPush['vapid'] | null {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match) return null;
  const [jwt, k] = [match[1]!, match[2]!];
  const [head, claims, signature] = jwt.split('.') as [string, string, string];
  const raw = Buffer.from(k, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) return null;
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  const alg = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string };
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; sub: string; exp: number };
  // exp at most 24 hours ahead (RFC 8292 §2).
  const fresh = body.exp * 1000 > now && body.exp * 1000 <= now + 24 * 3600_000;
  if (!signed || alg.alg !== 'ES256' || body.aud !== origin || !fresh) return null;
  return { ...body, publicKey: k };
}

/** RFC 8291 with RFC 8188's aes128gcm framing, one record: what a browser does on receipt. */
function decrypt(body: Buffer, device: { ecdh: ReturnType<typeof createECDH>; auth: Buffer }): unknown {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const info = (text: string) => Buffer.from(`${text}\0`);
  const ikm = Buffer.from(
    hkdfSync(
      'sha256',
      device.ecdh.computeSecret(senderKey),
      device.auth,
      Buffer.concat([info('WebPush: info'), device.ecdh.getPublicKey(), senderKey]),
      32,
    ),
  );
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, info('Content-Encoding: aes128gcm'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, info('Content-Encoding: nonce'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('bad padding delimiter');
  return JSON.parse(padded.subarray(0, end).toString('utf8'));
}

export async function startFakePushService(): Promise<FakePushService> {
  const devices = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer; answers: number[] }>();
  const received: ReceivedPush[] = [];
  const attempts: FakePushService['attempts'] = [];
  let origin = '';
  const server = await startLoopbackServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1] ?? '';
      const device = devices.get(id);
      const ttl = Number(req.headers.ttl);
      const vapid = verifiedVapid(req.headers.authorization, origin, Date.now());
      let status: number;
      if (req.method !== 'POST' || !device) status = 404;
      else if (!Number.isInteger(ttl) || ttl < 0 || req.headers['content-encoding'] !== 'aes128gcm') status = 400;
      else if (!vapid) status = 403;
      else status = device.answers.shift() ?? 201;
      if (status === 201 && device && vapid) {
        received.push({
          device: id,
          payload: decrypt(body, device),
          ttl,
          topic: req.headers.topic as string | undefined,
          urgency: req.headers.urgency as string | undefined,
          vapid,
        });
      }
      attempts.push({ device: id, status });
      if (status === 429) res.setHeader('Retry-After', '1');
      if (status === 201) res.setHeader('Location', `${origin}/message/${received.length}`);
      res.writeHead(status).end();
    })();
  });
  origin = server.url;
  return {
    url: server.url,
    server,
    device() {
      const id = randomBytes(8).toString('hex');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      devices.set(id, { ecdh, auth, answers: [] });
      return {
        id,
        subscription: {
          endpoint: `${server.url}/push/${id}`,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        },
      };
    },
    answer(device, ...statuses) {
      devices.get(device.id)?.answers.push(...statuses);
    },
    received,
    attempts,
    close: () => server.close(),
  };
}
