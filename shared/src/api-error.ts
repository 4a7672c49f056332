import { z } from 'zod';
import type { ApiError } from './api-error-shape';

export type { ApiError } from './api-error-shape';

/**
 * The one JSON error shape every API answer uses on failure (docs/architecture.md#server-composition); readApiError
 * is its zod-free twin.
 */
export const apiErrorSchema = z.object({
  detail: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const apiErrorMatchesSchema: Same<z.infer<typeof apiErrorSchema>, ApiError> = true;
void apiErrorMatchesSchema;
