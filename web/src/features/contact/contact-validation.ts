import { contactMessageSchema, type ContactIssueKey, type ContactMessage } from '@pharmaradar/shared/contact.schema';
import { schemaIssues } from '../../lib/ui/form-validation';

export const CONTACT_FIELDS = ['name', 'email', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactValues = Record<ContactField, string>;

/** Message keys under `contact.errors.*`. */
export type ContactErrorKey = 'required' | 'email' | 'tooLong';

export type ContactValidation =
  { ok: true; data: ContactMessage } | { ok: false; error: ContactErrorKey; fields: ContactField[] };

const ERROR_FOR_ISSUE: Record<ContactIssueKey, ContactErrorKey> = {
  required: 'required',
  invalid_email: 'email',
  too_long: 'tooLong',
};
// One message at a time: the first problem to fix is an empty field, then a malformed address.
const PRIORITY: readonly ContactErrorKey[] = ['required', 'email', 'tooLong'];

/** Validates with the shared schema (the one the server applies) and names the fields to fix. */
export function validateContact(values: ContactValues): ContactValidation {
  const parsed = contactMessageSchema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };

  const issues = schemaIssues(contactMessageSchema, values);
  const byError = new Map<ContactErrorKey, ContactField[]>();
  for (const field of CONTACT_FIELDS) {
    const issue = issues[field];
    if (issue === undefined) continue;
    const error = ERROR_FOR_ISSUE[issue as ContactIssueKey] ?? 'required';
    byError.set(error, [...(byError.get(error) ?? []), field]);
  }
  for (const error of PRIORITY) {
    const fields = byError.get(error);
    if (fields) return { ok: false, error, fields };
  }
  return { ok: false, error: 'required', fields: [] };
}
