import type { Context } from 'hono';
import type { z } from 'zod';
import { HttpError } from './http-error';
import { COMMON_MESSAGES, type Messages } from './i18n';

/**
 * How a feature words its 400 `validation` answers: `fields` translates the message keys its shared zod
 * schemas emit (`{error: 'required'}`), `missing` is the detail when a required field is absent.
 */
export interface IssueVocabulary {
  fields: Record<string, Messages>;
  missing: Messages;
}

/** The default vocabulary; any key it does not know gets the generic "Invalid value". */
export const COMMON_ISSUES: IssueVocabulary = {
  fields: {
    required: COMMON_MESSAGES.fieldRequired,
    invalid_email: COMMON_MESSAGES.invalidEmail,
    too_long: COMMON_MESSAGES.tooLong,
    too_short: COMMON_MESSAGES.tooShort,
  },
  missing: COMMON_MESSAGES.required,
};

/** What validationError reads of a zod issue (services may build one by hand, e.g. a missing password). */
export type FieldIssue = Pick<z.core.$ZodIssue, 'path' | 'message'> & { code?: string; input?: unknown };

/**
 * The one builder of 400 `validation` answers: one translated message per field; the detail is the
 * vocabulary's "fill in" text when something is missing, else the first field's message.
 */
export function validationError(issues: readonly FieldIssue[], vocabulary: IssueVocabulary = COMMON_ISSUES): HttpError {
  const fields: Record<string, Messages> = {};
  let missing = false;
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || '_';
    const known = Object.hasOwn(vocabulary.fields, issue.message) ? vocabulary.fields[issue.message] : undefined;
    const isMissing =
      issue.message === 'required' || (!known && issue.code === 'invalid_type' && issue.input === undefined);
    missing ||= isMissing;
    fields[field] ??=
      known ??
      (isMissing ? (vocabulary.fields.required ?? COMMON_MESSAGES.fieldRequired) : COMMON_MESSAGES.invalidValue);
  }
  const first = Object.values(fields)[0];
  const detail = missing ? vocabulary.missing : (first ?? COMMON_MESSAGES.validation);
  return new HttpError(400, 'validation', detail, fields);
}

/** Parses the JSON body against a shared schema: 415 if not JSON, 400 `invalid_json` / `validation`. */
export async function parseJsonBody<S extends z.ZodType>(
  c: Context,
  schema: S,
  vocabulary: IssueVocabulary = COMMON_ISSUES,
): Promise<z.output<S>> {
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
  if (!result.success) throw validationError(result.error.issues, vocabulary);
  return result.data;
}
