import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface OutboxMail {
  file: string;
  /** Header values by lower-case name (unfolded, encoded words decoded). Repeated headers joined by ', '. */
  headers: Record<string, string>;
  /** Every header line name in order, lower case: lets tests count e.g. 'bcc' occurrences. */
  headerNames: string[];
  from: string;
  to: string;
  replyTo: string;
  subject: string;
  text: string;
  raw: string;
}

function decodeWords(value: string): string {
  return value.replace(
    /=\?([^?]+)\?([bBqQ])\?([^?]*)\?=(\s+(?==\?))?/g,
    (_m, charset: string, enc: string, data: string) => {
      const bytes =
        enc.toUpperCase() === 'B'
          ? Buffer.from(data, 'base64')
          : Buffer.from(
              data
                .replace(/_/g, ' ')
                .replace(/=([0-9A-Fa-f]{2})/g, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
              'latin1',
            );
      return new TextDecoder(charset.toLowerCase()).decode(bytes);
    },
  );
}

function decodeQuotedPrintable(body: string): Buffer {
  const soft = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const ch = soft[i] ?? '';
    const hex = soft.slice(i + 1, i + 3);
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function parseHeaders(block: string): { headers: Record<string, string>; names: string[] } {
  const headers: Record<string, string> = {};
  const names: string[] = [];
  for (const line of block
    .replace(/\r\n/g, '\n')
    .replace(/\n[ \t]+/g, ' ')
    .split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = decodeWords(line.slice(colon + 1).trim());
    names.push(name);
    headers[name] = headers[name] ? `${headers[name]}, ${value}` : value;
  }
  return { headers, names };
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const bytes =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body, 'base64')
        : Buffer.from(body, 'utf8');
  return bytes.toString('utf8').replace(/\r\n/g, '\n');
}

/** The text/plain part of a mail (single part or multipart/alternative). */
function textPart(headers: Record<string, string>, body: string): string {
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) return decodeBody(headers, body);
  for (const part of body.split(`--${boundary}`).slice(1)) {
    const split = part.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const partHeaders = parseHeaders(part.slice(0, split)).headers;
    if ((partHeaders['content-type'] ?? 'text/plain').toLowerCase().startsWith('text/plain')) {
      return decodeBody(
        partHeaders,
        part
          .slice(split)
          .replace(/^\r?\n\r?\n/, '')
          .replace(/\r?\n$/, ''),
      );
    }
  }
  return '';
}

export function parseMail(raw: string, file = ''): OutboxMail {
  const split = raw.search(/\r?\n\r?\n/);
  const headerBlock = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const { headers, names } = parseHeaders(headerBlock);
  return {
    file,
    headers,
    headerNames: names,
    from: headers.from ?? '',
    to: headers.to ?? '',
    replyTo: headers['reply-to'] ?? '',
    subject: headers.subject ?? '',
    text: textPart(headers, body),
    raw,
  };
}

/** Every .eml in the outbox, oldest first (file names start with an ISO timestamp). */
export function readOutboxDir(dir: string): OutboxMail[] {
  let files: string[];
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
  return files.map((f) => parseMail(readFileSync(join(dir, f), 'utf8'), join(dir, f)));
}
