import { z } from 'zod';

/** The one JSON error shape every API answer uses on failure (DESIGN.md §8). */
export const apiErrorSchema = z.object({
  detail: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
