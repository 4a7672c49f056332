import type { LogLevel } from '../config/env';

export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  /** A logger that adds `fields` to every line (e.g. `{feature: 'search'}`). */
  child(fields: LogFields): Logger;
}

export interface LoggerOptions {
  level?: LogLevel;
  /** Where finished lines go; defaults to stdout (debug/info) and stderr (warn/error). */
  write?: (line: string, level: Exclude<LogLevel, 'silent'>) => void;
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

function formatValue(value: unknown): string {
  if (value instanceof Error) return JSON.stringify(redact(value.stack ?? value.message, 4000));
  if (typeof value === 'number' || typeof value === 'boolean' || value === null || value === undefined) {
    return String(value);
  }
  const text = typeof value === 'string' ? redact(value) : redact(JSON.stringify(value));
  return /^[\w.:/@+-]+$/.test(text) ? text : JSON.stringify(text);
}

/** Readable one-line logs: `2026-11-22T10:00:00.000Z INFO  message key=value key="quoted value"`. */
export function createLogger(options: LoggerOptions = {}, base: LogFields = {}): Logger {
  const threshold = RANK[options.level ?? 'info'];
  const write =
    options.write ??
    ((line, level) => (level === 'warn' || level === 'error' ? process.stderr : process.stdout).write(`${line}\n`));

  const emit = (level: Exclude<LogLevel, 'silent'>, message: string, fields?: LogFields) => {
    if (RANK[level] < threshold) return;
    const all = { ...base, ...fields };
    const parts = Object.entries(all)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${redact(k, 60).replace(/[\s=]/g, '_')}=${formatValue(v)}`);
    const line = [new Date().toISOString(), level.toUpperCase().padEnd(5), redact(message), ...parts].join(' ');
    write(line, level);
  };

  return {
    debug: (m, f) => emit('debug', m, f),
    info: (m, f) => emit('info', m, f),
    warn: (m, f) => emit('warn', m, f),
    error: (m, f) => emit('error', m, f),
    child: (fields) => createLogger(options, { ...base, ...fields }),
  };
}
