import { z } from 'zod';

export const CONTACT_LIMITS = { name: 100, email: 254, message: 5000 } as const;

/** Issue messages are stable keys (translated by the server and the web form), not sentences. */
export type ContactIssueKey = 'required' | 'invalid_email' | 'too_long';

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f\u2028\u2029]+/g;

/**
 * A name ends up in mail headers (Reply-To display name, Subject): control characters, CR/LF above
 * all, become spaces so that no input can add a header line.
 */
export function toSingleLine(value: string): string {
  return value
    .replace(CONTROL_CHARACTERS, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** POST /api/contact/ body. */
export const contactMessageSchema = z.object({
  name: z
    .string({ error: 'required' })
    .transform(toSingleLine)
    .pipe(z.string().min(1, { error: 'required' }).max(CONTACT_LIMITS.name, { error: 'too_long' })),
  email: z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required' })
    .max(CONTACT_LIMITS.email, { error: 'too_long' })
    .pipe(z.email({ error: 'invalid_email' })),
  message: z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required' })
    .max(CONTACT_LIMITS.message, { error: 'too_long' }),
});
export type ContactMessageInput = z.input<typeof contactMessageSchema>;
export type ContactMessage = z.output<typeof contactMessageSchema>;

/** 201 answer of POST /api/contact/. */
export const contactResponseSchema = z.object({ detail: z.string() });
export type ContactResponse = z.infer<typeof contactResponseSchema>;
