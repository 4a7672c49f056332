import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** A mail as written by the server's outbox transport (.eml), decoded enough for assertions. */
export interface OutboxMail {
  file: string;
  to: string;
  from: string;
  replyTo: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

export async function readOutbox(dir: string): Promise<OutboxMail[]> {
  let files: string[];
  try {
    files = (await readdir(dir)).filter((f) => f.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return Promise.all(files.map(async (f) => parseEml(path.join(dir, f), await readFile(path.join(dir, f), 'utf8'))));
}

export function parseEml(file: string, raw: string): OutboxMail {
  const { headers, body } = splitHeaders(raw);
  const parts = collectParts(headers, body);
  return {
    file,
    to: decodeWords(headers['to'] ?? ''),
    from: decodeWords(headers['from'] ?? ''),
    replyTo: decodeWords(headers['reply-to'] ?? ''),
    subject: decodeWords(headers['subject'] ?? ''),
    text: parts.find((p) => p.type.startsWith('text/plain'))?.content ?? '',
    html: parts.find((p) => p.type.startsWith('text/html'))?.content ?? '',
    headers,
  };
}

function splitHeaders(raw: string): { headers: Record<string, string>; body: string } {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function collectParts(headers: Record<string, string>, body: string): { type: string; content: string }[] {
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((chunk) => !chunk.startsWith('--'))
      .flatMap((chunk) => {
        const inner = splitHeaders(chunk.replace(/^\n/, ''));
        return collectParts(inner.headers, inner.body);
      });
  }
  return [{ type: type.toLowerCase(), content: decodeBody(body, headers['content-transfer-encoding'] ?? '') }];
}

function decodeBody(body: string, encoding: string): string {
  const enc = encoding.toLowerCase();
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (enc === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

function decodeQuotedPrintable(input: string): string {
  const soft = input.replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const ch = soft[i]!;
    if (ch === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=), as nodemailer writes non-ASCII subjects. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}
