import type { z } from 'zod';

/**
 * One configuration variable, described once: how its value is read (the schema, with its default),
 * the default as people read it (README table, `.env.example`) and what it does. env.ts validates
 * with the schemas; env-variables.ts lists the rest.
 */
export interface EnvVariable<S extends z.ZodType = z.ZodType> {
  schema: S;
  /** The default as written for people: a value, or a phrase in parentheses ("(none)"). */
  default: string;
  description: string;
}

export function variable<S extends z.ZodType>(schema: S, shownDefault: string, description: string): EnvVariable<S> {
  return { schema, default: shownDefault, description };
}
