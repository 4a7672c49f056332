// The API's error shape read without zod: the web's API client is on the boot path of every page and
// zod is not part of the first JavaScript (ADR 036). api-error.ts holds the zod schema of
// the same shape for the server; api-error-shape.test.ts runs both on the same fixtures.

/** The one JSON error shape every API answer uses on failure (docs/architecture.md#server-composition). */
export interface ApiError {
  detail: string;
  code: string;
  fields?: Record<string, string> | undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The error in an answer's body, or null when the body is not that shape (as apiErrorSchema.safeParse). */
export function readApiError(data: unknown): ApiError | null {
  if (!isRecord(data) || typeof data.detail !== 'string' || typeof data.code !== 'string') return null;
  if (data.fields === undefined) return { detail: data.detail, code: data.code };
  if (!isRecord(data.fields) || !Object.values(data.fields).every((v) => typeof v === 'string')) return null;
  return { detail: data.detail, code: data.code, fields: { ...(data.fields as Record<string, string>) } };
}
