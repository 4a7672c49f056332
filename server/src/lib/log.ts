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

/**
 * A closed output (a pipe whose reader went away: `| head`, a collector restarting) must not turn
 * into a loop: EPIPE is an 'error' event that, unheard, becomes an uncaught exception, which is
 * logged, which writes, which fails again. The streams' errors are heard and dropped, and a stream
 * that can no longer be written is skipped: the service goes on serving, and stops on SIGTERM.
 */
let outputGuarded = false;
const defaultWrite = (line: string, level: Level) => {
  if (!outputGuarded) {
    outputGuarded = true;
    for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
  }
  const stream = level === 'warn' || level === 'error' ? process.stderr : process.stdout;
  if (stream.writable && !stream.destroyed) stream.write(`${line}\n`);
};

/**
 * The JSON lines are written by pino (ADR 174): `{"level":"info","time":"…","message":"…",…fields}`,
 * synchronously, so a line logged before an exit is not lost.
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

export function createLogger(options: LoggerOptions = {}, base: LogFields = {}): Logger {
  const write = options.write ?? defaultWrite;
  const sink =
    options.format === 'json'
      ? jsonWriter(write)
      : (level: Level, message: string, fields: LogFields) => write(textLine(level, message, fields), level);
  return loggerOn(sink, RANK[options.level ?? 'info'], scrub(base));
}

function loggerOn(
  sink: (level: Level, message: string, fields: LogFields) => void,
  threshold: number,
  base: LogFields,
): Logger {
  const emit = (level: Level, message: string, fields?: LogFields) => {
    if (RANK[level] < threshold) return;
    sink(level, clean(message), { ...base, ...(fields ? scrub(fields) : {}) });
  };
  return {
    debug: (m, f) => emit('debug', m, f),
    info: (m, f) => emit('info', m, f),
    warn: (m, f) => emit('warn', m, f),
    error: (m, f) => emit('error', m, f),
    child: (fields) => loggerOn(sink, threshold, { ...base, ...scrub(fields) }),
  };
}
