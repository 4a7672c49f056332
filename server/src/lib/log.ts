import { writeSync } from 'node:fs';
import pino from 'pino';
import type { LogFormat, LogLevel } from '../config/env-variables';

export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  /** A logger that adds `fields` to every line (e.g. `{feature: 'search'}`). */
  child(fields: LogFields): Logger;
  /** The access line of one request (`request`), each field masked by what it may hold. */
  access(fields: AccessFields): void;
}

/** What the access line says of one request. */
export interface AccessFields {
  /** Ours (a UUID) or a proxy's that passed PROXY_REQUEST_ID's pattern: no address, no control character. */
  requestId: string;
  method: string;
  /** Client-controlled: may hold an address (`/api/…/m@example.be`), encoded or not. */
  path: string;
  status: number;
  durationMs: number;
  /** The client's address, on a throttled request only. */
  ip?: string;
}

type Level = Exclude<LogLevel, 'silent'>;

export interface LoggerOptions {
  level?: LogLevel;
  /** `text` (default): readable lines for a terminal; `json`: one object per line for a collector. */
  format?: LogFormat;
  /** Where finished lines go; defaults to stdout (debug/info) and stderr (warn/error). */
  write?: (line: string, level: Level) => void;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/**
 * Makes a client-controlled value safe to put in a log line: control characters (CR/LF above all,
 * which would forge extra log lines) become spaces, and the length is capped.
 */
export function redact(value: unknown, maxLength = 500): string {
  const text = typeof value === 'string' ? value : value instanceof Error ? value.message : String(value);
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ');
  return clean.length > maxLength ? `${clean.slice(0, maxLength)}…` : clean;
}

const EMAIL = /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)/g;
/** Fields whose value is a credential whatever it holds; `code` is not one (SQLite and Stripe codes). */
const SECRET_FIELD = /pass(word)?|secret|token|cookie|authori[sz]ation|otp|csrf|api_?key|id_?token/i;

/** An address becomes its first letter and domain (`m…@example.be`): enough to follow, not to mail. */
export function maskEmails(text: string): string {
  return text.replace(EMAIL, '$1…@$2');
}

const clean = (text: string, maxLength?: number) => maskEmails(redact(text, maxLength));

/** A path that can hold neither an address, an encoded character nor a control character. */
const PLAIN_PATH = /^[\w\-./~!$&'()*+,;=:]{0,500}$/;

/** A path as it may be logged: most are plain and pass as they are; others are decoded, then cleaned. */
function maskPath(path: string): string {
  if (PLAIN_PATH.test(path)) return path;
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape: the path is cleaned as it came.
  }
  return clean(decoded);
}

/** The fields as they may be logged: credentials dropped by name, addresses masked, lengths capped. */
function scrub(fields: LogFields): LogFields {
  const out: LogFields = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (SECRET_FIELD.test(key)) out[key] = '[redacted]';
    else if (value instanceof Error) out[key] = clean(value.stack ?? value.message, 4000);
    else if (typeof value === 'string') out[key] = clean(value);
    else if (typeof value === 'object' && value !== null) out[key] = clean(JSON.stringify(value));
    else out[key] = value;
  }
  return out;
}

function formatValue(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  const text = String(value);
  return /^[\w.:/@+-]+$/.test(text) && !text.includes('…') ? text : JSON.stringify(text);
}

/** `2026-11-22T10:00:00.000Z INFO  message key=value key="quoted value"`. */
function textLine(level: Level, message: string, fields: LogFields): string {
  const parts = Object.entries(fields).map(([k, v]) => `${redact(k, 60).replace(/[\s=]/g, '_')}=${formatValue(v)}`);
  return [new Date().toISOString(), level.toUpperCase().padEnd(5), message, ...parts].join(' ');
}

/** Lines waiting to be written, per descriptor (1: debug/info, 2: warn/error). */
const pending: Record<1 | 2, string[]> = { 1: [], 2: [] };
/** Characters waiting on stdout: past STDOUT_BATCH_CHARS they go at the next turn, not at the timer. */
let pendingChars = 0;
/** A descriptor whose reader went away (EPIPE: `| head`, a collector restarting) is no longer written. */
const closed = new Set<number>();
let soon: NodeJS.Immediate | undefined;
let later: NodeJS.Timeout | undefined;
let exitHooked = false;
const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * How long an info line may wait for others to share its write. Each write to a pipe wakes its reader;
 * under load one write per turn of the event loop cost a tenth of the server's time (ADR 257). A
 * warning or an error goes at the next turn.
 */
const STDOUT_BATCH_MS = 20;
const STDOUT_BATCH_CHARS = 64 * 1024;

/** Writes all of `text` to `fd`, waiting out a full non-blocking pipe (EAGAIN); false once it is closed. */
function writeAll(fd: number, text: string): void {
  let bytes = Buffer.from(text);
  while (bytes.length > 0) {
    try {
      bytes = bytes.subarray(writeSync(fd, bytes));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') {
        closed.add(fd);
        return;
      }
      Atomics.wait(pause, 0, 0, 1);
    }
  }
}

/**
 * Writes the waiting lines, one write per descriptor: never during the request that logged them (ADR
 * 239), and on exit (process.exit included), so no line logged before a shutdown is lost. The write
 * goes straight to the descriptor and completes before this returns: a stream's asynchronous write to
 * a pipe would still be queued when the process ends. A closed output must not turn into a loop (EPIPE
 * logged, which writes, which fails again): its lines are dropped and the service goes on serving, and
 * stops on SIGTERM.
 */
function flushLogs(): void {
  if (soon) clearImmediate(soon);
  if (later) clearTimeout(later);
  soon = later = undefined;
  pendingChars = 0;
  for (const fd of [1, 2] as const) {
    const lines = pending[fd];
    if (lines.length === 0) continue;
    pending[fd] = [];
    if (!closed.has(fd)) writeAll(fd, lines.join(''));
  }
}

const defaultWrite = (line: string, level: Level) => {
  if (!exitHooked) {
    exitHooked = true;
    process.on('exit', flushLogs);
  }
  const urgent = level === 'warn' || level === 'error';
  pending[urgent ? 2 : 1].push(`${line}\n`);
  if (!urgent) pendingChars += line.length + 1;
  if (urgent || pendingChars >= STDOUT_BATCH_CHARS) soon ??= setImmediate(flushLogs);
  else if (!later) {
    later = setTimeout(flushLogs, STDOUT_BATCH_MS);
    // A waiting line never keeps the process alive: exit writes it.
    later.unref();
  }
};

/**
 * The JSON lines are formatted by pino (ADR 174): `{"level":"info","time":"…","message":"…",…fields}`,
 * and handed to the same writer as text lines (batched to stdout/stderr, flushed on exit; ADR 239).
 */
function jsonWriter(write: (line: string, level: Level) => void) {
  let current: Level = 'info';
  const out = pino(
    {
      level: 'debug',
      base: undefined,
      messageKey: 'message',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    { write: (line: string) => write(line.replace(/\n$/, ''), current) },
  );
  return (level: Level, message: string, fields: LogFields) => {
    current = level;
    out[level](fields, message);
  };
}

let isoSecond = Number.NaN;
let isoPrefix = '';
/**
 * The time in ISO form (`new Date().toISOString()`), its date and time of day formatted once per
 * second, the milliseconds appended: formatting costs more than the rest of an access line.
 */
export function isoTimeNow(now = Date.now()): string {
  const second = Math.floor(now / 1000);
  if (second !== isoSecond) {
    isoSecond = second;
    isoPrefix = new Date(second * 1000).toISOString().slice(0, 20);
  }
  const ms = now - second * 1000;
  return `${isoPrefix}${ms < 10 ? '00' : ms < 100 ? '0' : ''}${ms}Z`;
}

/**
 * The access line in JSON, as pino writes it (`{"level":"info","time":…,…fields,"message":"request"}`),
 * without pino's call: it runs once per request, and its fields are all plain values already masked.
 */
function jsonAccessLine(fields: LogFields): string {
  const rest = JSON.stringify(fields);
  return `{"level":"info","time":"${isoTimeNow()}",${rest.length > 2 ? `${rest.slice(1, -1)},` : ''}"message":"request"}`;
}

type Sink = (level: Level, message: string, fields: LogFields) => void;

export function createLogger(options: LoggerOptions = {}, base: LogFields = {}): Logger {
  const write = options.write ?? defaultWrite;
  const json = options.format === 'json';
  const sink: Sink = json
    ? jsonWriter(write)
    : (level, message, fields) => write(textLine(level, message, fields), level);
  const access = json
    ? (fields: LogFields) => write(jsonAccessLine(fields), 'info')
    : (fields: LogFields) => sink('info', 'request', fields);
  return loggerOn(sink, access, RANK[options.level ?? 'info'], scrub(base));
}

function loggerOn(sink: Sink, accessSink: (fields: LogFields) => void, threshold: number, base: LogFields): Logger {
  const emit = (level: Level, message: string, fields?: LogFields) => {
    if (RANK[level] < threshold) return;
    sink(level, clean(message), { ...base, ...(fields ? scrub(fields) : {}) });
  };
  return {
    debug: (m, f) => emit('debug', m, f),
    info: (m, f) => emit('info', m, f),
    warn: (m, f) => emit('warn', m, f),
    error: (m, f) => emit('error', m, f),
    child: (fields) => loggerOn(sink, accessSink, threshold, { ...base, ...scrub(fields) }),
    // Masked field by field, not by scanning the whole line: this runs on every request.
    access: (f) => {
      if (RANK.info < threshold) return;
      const fields: LogFields = {
        ...base,
        requestId: f.requestId,
        method: f.method,
        path: maskPath(f.path),
        status: f.status,
        durationMs: f.durationMs,
      };
      if (f.ip !== undefined) fields.ip = redact(f.ip, 100);
      accessSink(fields);
    },
  };
}
