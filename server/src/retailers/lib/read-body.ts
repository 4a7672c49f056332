import { createWriteStream } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { pipeline, Transform, type Readable } from 'node:stream';
import { pipeline as pipelineAsync } from 'node:stream/promises';
import zlib from 'node:zlib';
import { RetailerError } from '../types';

/** Reads a response body, decompressed, aborting as soon as it grows past maxBytes (zip bombs included). */
export async function readCappedBody(res: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    res.destroy();
    throw new RetailerError('error', `response larger than ${maxBytes} bytes`);
  }
  const encoding = (res.headers['content-encoding'] ?? '').trim().toLowerCase();
  const decoder = decoderFor(encoding);
  const stream: Readable = decoder ? pipeline(res, decoder, () => {}) : res;
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const buf = chunk as Buffer;
    total += buf.length;
    if (total > maxBytes) {
      res.destroy();
      stream.destroy();
      throw new RetailerError('error', `response larger than ${maxBytes} bytes`);
    }
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}

/** Streams a response body, decompressed, into `file`, failing as soon as it grows past maxBytes. */
export async function saveCappedBody(res: IncomingMessage, maxBytes: number, file: string): Promise<void> {
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    res.destroy();
    throw new RetailerError('error', `response larger than ${maxBytes} bytes`);
  }
  const decoder = decoderFor((res.headers['content-encoding'] ?? '').trim().toLowerCase());
  let total = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      total += chunk.length;
      if (total > maxBytes) done(new RetailerError('error', `response larger than ${maxBytes} bytes`));
      else done(null, chunk);
    },
  });
  const out = createWriteStream(file, { mode: 0o600 });
  await (decoder ? pipelineAsync(res, decoder, cap, out) : pipelineAsync(res, cap, out));
}

function decoderFor(encoding: string): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | null {
  if (encoding === 'gzip' || encoding === 'x-gzip') return zlib.createGunzip();
  if (encoding === 'deflate') return zlib.createInflate();
  if (encoding === 'br') return zlib.createBrotliDecompress();
  return null;
}

export function decodeText(bytes: Buffer, contentType: string | null): string {
  const charset = /charset=["']?([\w-]+)/i.exec(contentType ?? '')?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}
