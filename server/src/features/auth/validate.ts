import type { Context } from 'hono';
import { z } from 'zod';
import { AUTH_MESSAGE_KEYS, type AuthMessageKey } from '@pharmaradar/shared';
import { HttpError } from '../../lib/http-error';
import { COMMON_MESSAGES, type Messages } from '../../lib/i18n';
import { parseJsonBody } from '../../lib/validate';
import { AUTH_MESSAGES, FIELD_MESSAGES } from './auth.messages';

const isMessageKey = (value: string): value is AuthMessageKey =>
  (AUTH_MESSAGE_KEYS as readonly string[]).includes(value);

/**
 * 400 `validation` (same code as lib/validate.ts) with one translated message per field, using the
 * account messages of SPEC §5. The detail is 'Please fill in all required fields.' when something is
 * missing, else the first field's message.
 */
export function authValidationError(issues: readonly z.core.$ZodIssue[]): HttpError {
  const fields: Record<string, Messages> = {};
  let missing = false;
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || '_';
    const key = isMessageKey(issue.message) ? issue.message : undefined;
    const isMissing = key === 'required' || (issue.code === 'invalid_type' && issue.input === undefined && !key);
    missing ||= isMissing;
    fields[field] ??= key ? FIELD_MESSAGES[key] : isMissing ? FIELD_MESSAGES.required : COMMON_MESSAGES.invalidValue;
  }
  const first = Object.values(fields)[0];
  const detail = missing || !first ? AUTH_MESSAGES.requiredFields : first;
  return new HttpError(400, 'validation', detail, fields);
}

/** JSON body (415 / invalid_json handled by lib/validate.ts) validated with a shared account schema. */
export async function parseAuthBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const body = await parseJsonBody(c, z.unknown());
  const result = schema.safeParse(body);
  if (!result.success) throw authValidationError(result.error.issues);
  return result.data;
}
