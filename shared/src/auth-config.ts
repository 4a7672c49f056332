import type { AuthConfig } from './auth.schema';

// GET /api/auth/config/ read without zod: One Tap asks for it as the home page loads, and zod is not
// part of the home page's first JavaScript (ADR 036, 119: its start-up alone was a long task on a
// phone). auth.schema.ts's authConfigSchema is the shape; auth-config.test.ts holds this reader to it.

/** The answer as `authConfigSchema` reads it, or null where that schema would refuse it. */
export function readAuthConfig(raw: unknown): AuthConfig | null {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const id = (raw as Record<string, unknown>).googleClientId;
  return typeof id === 'string' || id === null ? { googleClientId: id } : null;
}
