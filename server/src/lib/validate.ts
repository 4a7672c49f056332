import type { Context } from 'hono';
import type { z } from 'zod';
import { HttpError } from './http-error';
import { COMMON_MESSAGES, type Messages } from './i18n';

/**
 * Message keys a shared zod schema may use as its issue messages (`{error: 'required'}`); the server
 * turns them into translated texts. Any other issue gets the generic "Invalid value".
 */
export const ISSUE_MESSAGES: Record<string, Messages> = {
  required: COMMON_MESSAGES.fieldRequired,
  invalid_email: COMMON_MESSAGES.invalidEmail,
  too_long: COMMON_MESSAGES.tooLong,
  too_short: COMMON_MESSAGES.tooShort,
};

/** 400 `validation` with per-field messages; the detail says "fill in all fields" when one is missing. */
export function validationError(issues: readonly z.core.$ZodIssue[]): HttpError {
  const fields: Record<string, Messages> = {};
  let missing = false;
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || '_';
    const isMissing = issue.message === 'required' || (issue.code === 'invalid_type' && issue.input === undefined);
    missing ||= isMissing;
    fields[field] ??= isMissing
      ? COMMON_MESSAGES.fieldRequired
      : (ISSUE_MESSAGES[issue.message] ?? COMMON_MESSAGES.invalidValue);
  }
  const first = Object.values(fields)[0];
  const detail = missing ? COMMON_MESSAGES.required : (first ?? COMMON_MESSAGES.validation);
  return new HttpError(400, 'validation', detail, fields);
}

/** Parses the JSON body against a shared schema: 415 if not JSON, 400 `invalid_json` / `validation`. */
export async function parseJsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(type.trim())) {
    throw new HttpError(415, 'unsupported_media_type', COMMON_MESSAGES.unsupportedMediaType);
  }
  let body: unknown;
  try {
    body = await c.req.json();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, 'invalid_json', COMMON_MESSAGES.invalidJson);
  }
  const result = schema.safeParse(body);
  if (!result.success) throw validationError(result.error.issues);
  return result.data;
}
