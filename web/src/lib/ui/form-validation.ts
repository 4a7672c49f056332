import type { ZodType } from 'zod';

/**
 * A failed check: the summary message id (shown at the top of the form), the invalid fields in screen
 * order (the first one gets focus) and, for each, the message id shown under it.
 */
export interface Invalid<F extends string = string> {
  message: string;
  fields: F[];
  fieldMessages: Partial<Record<F, string>>;
}

/**
 * Runs a shared zod schema (the one the server applies) and keeps the first issue of each top-level
 * field: field name -> the issue's stable message key (`required`, `invalid_email`...).
 */
export function schemaIssues(schema: ZodType, values: unknown): Record<string, string> {
  const parsed = schema.safeParse(values);
  const out: Record<string, string> = {};
  if (parsed.success) return out;
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (!(field in out)) out[field] = issue.message;
  }
  return out;
}

/** Message ids of a form's summary line. */
export interface SummaryIds {
  /** The per-field id that means "empty". */
  required: string;
  /** Summary when a required field is empty. */
  requiredFields: string;
  /** Summary when several fields are wrong (one wrong field uses its own message). */
  fixFields: string;
}

/**
 * Every problem at once (a form that reveals one error per submit wastes the user's time), given the
 * message id of each field in error. The summary asks to fill in the required fields when something is
 * missing, repeats the field's own message when only one field is wrong, else asks to fix the marked ones.
 */
export function reportInvalid<F extends string>(
  order: readonly F[],
  messages: Partial<Record<F, string>>,
  ids: SummaryIds,
): Invalid<F> | null {
  const fields = order.filter((f) => messages[f] !== undefined);
  const [first] = fields;
  if (first === undefined) return null;
  const message = fields.some((f) => messages[f] === ids.required)
    ? ids.requiredFields
    : fields.length === 1
      ? (messages[first] as string)
      : ids.fixFields;
  return { message, fields, fieldMessages: messages };
}
